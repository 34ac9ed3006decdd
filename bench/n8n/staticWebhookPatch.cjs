// The n8n change proposed in docs/performance.md ("A proposal for n8n"), applied in memory for
// `npm run bench:n8n -- --engines static-webhook` (loaded into n8n with NODE_OPTIONS=--require):
// n8n 2.41's LiveWebhooks.webhookPhaseNeedsIsolate skips the expression isolate only for its own
// Webhook node; here the node-type check goes, and the checks that follow it decide for every
// trigger (not a version-1 node, whose request body n8n parses with an expression; static
// parameters; a webhook description that resolves without the engine). The file on disk is never
// changed: the source is rewritten as Node compiles it.
const Module = require('node:module');
const path = require('node:path');

const TARGET = path.join('n8n', 'dist', 'webhooks', 'live-webhooks.js');
const NODE_TYPE_CHECK =
	/if \(startNode\.type !== n8n_workflow_1\.WEBHOOK_NODE_TYPE\)\s*return true;/;

const compile = Module.prototype._compile;
Module.prototype._compile = function (content, filename) {
	if (filename.endsWith(TARGET)) {
		if (!NODE_TYPE_CHECK.test(content))
			throw new Error(
				`static-webhook patch: ${filename} has no node-type check to lift (another n8n version?)`,
			);
		content = content.replace(NODE_TYPE_CHECK, '');
		process.stderr.write(
			'static-webhook patch: webhookPhaseNeedsIsolate no longer checks the node type\n',
		);
	}
	return compile.call(this, content, filename);
};
