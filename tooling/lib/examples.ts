// The example workflows in examples/*.json, as `npm start` imports them.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { REPO_ROOT } from '../n8n-runtime/runtime';

export const EXAMPLES_DIR = path.join(REPO_ROOT, 'examples');
export const TRIGGER_NODE_TYPE = 'n8n-nodes-education-platform.educationPlatformTrigger';
export const ACTION_NODE_TYPE = 'n8n-nodes-education-platform.educationPlatform';

export interface WorkflowNode {
	id: string;
	name: string;
	type: string;
	typeVersion: number;
	position: [number, number];
	parameters: Record<string, unknown>;
	credentials?: Record<string, { id: string; name: string }>;
	webhookId?: string;
	[key: string]: unknown;
}

export interface WorkflowJson {
	id: string;
	name: string;
	nodes: WorkflowNode[];
	connections: Record<string, unknown>;
	settings?: Record<string, unknown>;
	active?: boolean;
	[key: string]: unknown;
}

export interface Example {
	file: string;
	workflow: WorkflowJson;
	/** The Education Platform Trigger's event selection, when the example has one. */
	triggerEvents?: string[];
}

export function triggerEventsOf(workflow: WorkflowJson): string[] | undefined {
	const trigger = workflow.nodes.find((node) => node.type === TRIGGER_NODE_TYPE);
	return trigger ? ((trigger.parameters.events as string[] | undefined) ?? []) : undefined;
}

export function loadExamples(dir = EXAMPLES_DIR): Example[] {
	return readdirSync(dir)
		.filter((file) => file.endsWith('.json'))
		.sort()
		.map((file) => {
			const workflow = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as WorkflowJson;
			return { file, workflow, triggerEvents: triggerEventsOf(workflow) };
		});
}
