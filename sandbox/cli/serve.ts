/**
 * `npm run sandbox [-- flags]` — start the sandbox and print how to use it.
 * Settings come from SANDBOX_* env vars and flags (see sandbox/config.ts or `--help`).
 * Stops cleanly on SIGINT/SIGTERM.
 */
import { printedHelp } from '../args';
import { ConfigError, parseConfig } from '../config';
import { ALL_SCOPES } from '../scopes';
import { startSandbox } from '../index';
import { PUBLIC_CLIENT_ID } from '../auth/oauthStore';

async function main(): Promise<void> {
	const config = parseConfig({ env: process.env, argv: process.argv.slice(2) });
	const started = Date.now();
	const sandbox = await startSandbox(config);
	const { baseUrl } = sandbox;
	console.log(
		[
			`Education Platform sandbox listening on ${baseUrl} (${config.students.toLocaleString('en-US')} students, seed ${config.seed}, ready in ${Date.now() - started} ms)`,
			'',
			`  API base URL       ${baseUrl}/v1   (also ${baseUrl}/api/v1)`,
			`  Demo token         ${config.demoToken}   (scopes: ${ALL_SCOPES.join(' ')})`,
			`  OAuth client       id ${config.oauthClientId}, secret ${config.oauthClientSecret}   (public client: ${PUBLIC_CLIENT_ID})`,
			`  OAuth endpoints    ${baseUrl}/oauth/authorize, ${baseUrl}/oauth/token${config.autoApprove ? '   (auto-approve on)' : ''}`,
			`  Redirect URIs      ${config.oauthRedirectUris.join(', ')}`,
			`  Rate limit         ${config.rateLimit} requests per minute per token; access tokens live ${config.tokenTtl} s`,
			...(config.faults.length > 0 || config.faultRate > 0
				? [
						`  Faults             ${config.faults.length} rule(s)${config.faultRate > 0 ? `, random schedule at rate ${config.faultRate} (seed ${config.faultSeed})` : ''}`,
					]
				: []),
			'',
			`  Try: curl -H "Authorization: Bearer ${config.demoToken}" "${baseUrl}/v1/students?per_page=2"`,
			'Press Ctrl+C to stop.',
		].join('\n'),
	);
	let stopping = false;
	const stop = (signal: string) => {
		if (stopping) return;
		stopping = true;
		console.log(`\n${signal} received, shutting down…`);
		sandbox.close().then(
			() => process.exit(0),
			(error: unknown) => {
				console.error(error);
				process.exit(1);
			},
		);
	};
	process.on('SIGINT', () => stop('SIGINT'));
	process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
	if (printedHelp(error)) return;
	console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
	process.exit(1);
});
