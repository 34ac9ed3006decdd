import { renderNginxConfig } from '../../../../tooling/lib/queue/nginx-config';

describe('the queue-mode load balancer config', () => {
	const config = renderNginxConfig({
		port: 5678,
		mainPorts: [6001],
		webhookPorts: [6002, 6003],
		runDir: '/tmp/run',
	});

	it('sends /webhook/ to every webhook process and everything else, /webhook-test/ included, to main', () => {
		const webhookUpstream = config.slice(
			config.indexOf('upstream n8n_webhooks'),
			config.indexOf('}', config.indexOf('upstream n8n_webhooks')),
		);
		expect(webhookUpstream).toContain('server 127.0.0.1:6002');
		expect(webhookUpstream).toContain('server 127.0.0.1:6003');
		expect(config).toContain('upstream n8n_main { server 127.0.0.1:6001; }');
		expect(config).toMatch(/location \/webhook\/ \{\s+proxy_pass http:\/\/n8n_webhooks;/);
		expect(config).toMatch(/location \/ \{\s+proxy_pass http:\/\/n8n_main;/);
		expect(config).not.toContain('webhook-test');
	});

	it('listens on loopback only, keeps its files in the run folder and never replays a sent delivery', () => {
		expect(config).toContain('listen 127.0.0.1:5678;');
		expect(config).toContain('pid /tmp/run/nginx.pid;');
		expect(config).toContain('client_body_temp_path /tmp/run/client_body;');
		expect(config).toContain('proxy_next_upstream error timeout;');
		expect(config).not.toContain('non_idempotent');
	});

	it('keeps every request body it accepts in memory: its workers may not write into the run folder', () => {
		expect(config).toContain('client_max_body_size 16m;');
		expect(config).toContain('client_body_buffer_size 16m;');
	});

	it('keeps the editor push connection (WebSocket upgrade) on main', () => {
		expect(config).toContain('proxy_set_header Upgrade $http_upgrade;');
	});

	it('refuses a topology without webhook processes or without a main', () => {
		expect(() =>
			renderNginxConfig({ port: 1, mainPorts: [2], webhookPorts: [], runDir: '/tmp' }),
		).toThrow('at least one webhook process');
		expect(() =>
			renderNginxConfig({ port: 1, mainPorts: [], webhookPorts: [3], runDir: '/tmp' }),
		).toThrow('at least one main');
	});

	describe('with several mains (multi-main)', () => {
		const multi = renderNginxConfig({
			port: 5678,
			mainPorts: [6001, 6004],
			webhookPorts: [6002, 6003],
			runDir: '/tmp/run',
		});
		const mainUpstream = multi.slice(
			multi.indexOf('upstream n8n_main'),
			multi.indexOf('}', multi.indexOf('upstream n8n_main')),
		);

		it('keeps each client on one main, by its n8n login cookie, else by its address', () => {
			expect(multi).toContain(
				'map $http_cookie $n8n_client { "~n8n-auth=(?<auth>[^;]+)" $auth; default $remote_addr; }',
			);
			expect(mainUpstream).toContain('hash $n8n_client consistent;');
		});

		it('puts every main behind location / and moves a client to another main when its own refuses the connection', () => {
			expect(mainUpstream).toContain('server 127.0.0.1:6001 max_fails=1 fail_timeout=2s;');
			expect(mainUpstream).toContain('server 127.0.0.1:6004 max_fails=1 fail_timeout=2s;');
			expect(multi).toMatch(
				/location \/ \{\s+proxy_pass http:\/\/n8n_main;\s+proxy_next_upstream error timeout;/,
			);
			expect(multi).not.toContain('non_idempotent');
		});
	});
});
