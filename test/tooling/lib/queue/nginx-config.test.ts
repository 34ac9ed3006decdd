import { renderNginxConfig } from '../../../../tooling/lib/queue/nginx-config';

describe('the queue-mode load balancer config', () => {
	const config = renderNginxConfig({ port: 5678, mainPort: 6001, webhookPorts: [6002, 6003], runDir: '/tmp/run' });

	it('sends /webhook/ to every webhook process and everything else, /webhook-test/ included, to main', () => {
		const webhookUpstream = config.slice(config.indexOf('upstream n8n_webhooks'), config.indexOf('}', config.indexOf('upstream n8n_webhooks')));
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

	it('refuses a topology without webhook processes', () => {
		expect(() => renderNginxConfig({ port: 1, mainPort: 2, webhookPorts: [], runDir: '/tmp' })).toThrow('at least one webhook process');
	});
});
