// Which cells of the support matrix (tooling/test-matrix.ts, README "Compatibility") each end-to-end
// file runs on, and why. Every file runs once on n8n 2.41 with the publication service on, the
// package's main target. A file runs on another cell only where n8n's own behaviour for what it
// tests differs there: the trigger's lifecycle and activation (1.x, and 2.x with the publication
// service off, take the legacy path), the Community Nodes panel, the credentials, the AI Agent and
// the MCP Server Trigger (each n8n line brings its own code for them). What the package does the same
// in every n8n (its requests, its outputs, our tooling around n8n) runs once. The floor cell runs
// the smallest proof that an n8n supports the package. `npm test` runs the files marked `proof` on
// 2.41 alone: the package proven in one real n8n.
// A new file joins by a line here (test/tooling/test-matrix.test.ts checks that every file has one).

export const CELL_IDS = ['2', '2-legacy', '1', 'floor'] as const;
export type CellId = (typeof CELL_IDS)[number];

export interface E2eFile {
	cells: readonly CellId[];
	/** One line: why these cells and not the others. */
	why: string;
	/** Part of `npm test`'s proof of the package in one n8n (2.41). */
	proof?: true;
}

export const E2E_FILES: Readonly<Record<string, E2eFile>> = {
	'load-and-list.smoke.test.ts': {
		cells: ['2', '1', 'floor'],
		why: 'Loading the package and running it in `n8n execute` is n8n code of each line; the smallest proof, so the floor runs it alone.',
		proof: true,
	},
	'package-in-n8n.test.ts': {
		cells: ['2', '1'],
		why: "n8n 1.x's credential test shows its own message, and its CLI publishes and restarts triggers on the legacy path.",
		proof: true,
	},
	'trigger-lifecycle-per-version.test.ts': {
		cells: ['2', '2-legacy', '1'],
		why: "Saving an active workflow and n8n's start-up call the trigger's lifecycle differently on each activation path.",
	},
	'trigger-activation-rate-limit.test.ts': {
		cells: ['2', '2-legacy', '1'],
		why: 'Where n8n shows a failed activation, and how long it lets one take, differ between the publication and the legacy path.',
	},
	'trigger-guarantees.test.ts': {
		cells: ['2', '2-legacy', '1'],
		why: 'Restarts, dashboard deletions and publish/unpublish cycles run through the activation path the cell has.',
	},
	'trigger-respond.test.ts': {
		cells: ['2', '1'],
		why: "How n8n answers a webhook when the last node finishes is n8n's webhook code, which differs by line, not by activation path.",
	},
	'trigger-concurrency-limit.test.ts': {
		cells: ['2', '1'],
		why: "Under n8n's concurrency limit 2.x answers Respond Immediately only once the run has a slot, 1.x at once (webhook-helpers); the activation path plays no part.",
	},
	'community-panel.test.ts': {
		cells: ['2', '1'],
		why: "The Community Nodes panel's install, update and uninstall are n8n's code: its answers and its public API differ by line.",
	},
	'oauth-scope-change.test.ts': {
		cells: ['2', '1'],
		why: 'How n8n keeps and renews an OAuth2 client-credentials token after a credential is saved is n8n code of each line.',
	},
	'ai-agent-tool.test.ts': {
		cells: ['2', '1'],
		why: "The AI Agent and its tool calling are n8n's LangChain nodes, a different version on each line.",
	},
	'mcp-server-tool.test.ts': {
		cells: ['2', '1'],
		why: "The MCP Server Trigger's versions, transports and schema dialect differ by line.",
	},
	'watchdog.test.ts': {
		cells: ['2', '1'],
		why: "The watchdog example re-publishes through n8n's public API with n8n's own n8n node (2.x publishes through its service, 1.x activates) and runs sub-workflows that save nothing (2.x runs their published version).",
	},
	'watchdog-proof.test.ts': {
		cells: ['2', '1'],
		why: "Unpublishing while the platform is down runs through 2.x's publication service and 1.x's activation request, which treat a failed delete() differently.",
	},
	'resources-in-n8n.test.ts': {
		cells: ['2'],
		why: "The other resources' operations and examples send the same requests and give the same items on every n8n; n8n execute on 1.x is proven by the files above.",
	},
	'delivery-recovery.test.ts': {
		cells: ['2'],
		why: 'The recovery example lists and redelivers through the action node, the same on every n8n; restarts per activation path are the trigger files.',
	},
	'npm-start.test.ts': {
		cells: ['2'],
		why: "npm start is our tooling: per n8n line it differs in its settings (unit-tested) and the owner's API key, which watchdog.test.ts makes on 1.x.",
	},
	'durable-scheduler.test.ts': {
		cells: ['2'],
		why: "n8n's durable scheduler for poll triggers exists from 2.36 and needs the publication service: 2.41 with the service on is the only cell that has it.",
	},
	'bench-n8n.test.ts': {
		cells: ['2'],
		why: 'The benchmark asserts counts, the same on every n8n; its figures are for 2.41, and its engine settings exist only there.',
	},
};

/** The names of the files that `keep` keeps, in this table's order. */
const filesWhere = (keep: (file: E2eFile) => boolean): string[] =>
	Object.entries(E2E_FILES)
		.filter(([, file]) => keep(file))
		.map(([name]) => name);

/** The e2e files a cell runs (file names under test/e2e). */
export const filesOfCell = (cell: CellId): string[] =>
	filesWhere((file) => file.cells.includes(cell));

/** The files of `npm test`'s proof of the package in one n8n. */
export const proofFiles = (): string[] => filesWhere((file) => file.proof === true);
