// The load balancer's nginx.conf for queue mode (pure, unit-tested). Production webhooks
// (/webhook/…) go to the `n8n webhook` processes, everything else — the editor, the REST API, the
// push connection and /webhook-test/ — to main, as n8n's queue-mode docs describe. With several
// mains (multi-main), each client sticks to one main (its login cookie, else its address: n8n
// asks for sticky sessions, for the editor's push connection) and moves to another when its main
// refuses the connection.

export interface NginxConfigOptions {
	/** Port nginx listens on, on 127.0.0.1. */
	port: number;
	/** One port per main; more than one: n8n's multi-main setup. */
	mainPorts: number[];
	webhookPorts: number[];
	/** Folder for nginx's pid file and temp files (it must be writable). */
	runDir: string;
	host?: string;
}

export function renderNginxConfig(options: NginxConfigOptions): string {
	if (options.webhookPorts.length === 0)
		throw new Error('Queue mode needs at least one webhook process behind the load balancer.');
	if (options.mainPorts.length === 0)
		throw new Error('Queue mode needs at least one main behind the load balancer.');
	const host = options.host ?? '127.0.0.1';
	const temp = (name: string) => `${options.runDir}/${name}`;
	const proxied = [
		'proxy_http_version 1.1;',
		'proxy_set_header Host $http_host;',
		'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
		'proxy_set_header X-Forwarded-Proto $scheme;',
		'proxy_buffering off;',
		'proxy_read_timeout 300s;',
	];
	return [
		'worker_processes 1;',
		'daemon off;',
		`pid ${temp('nginx.pid')};`,
		'error_log stderr warn;',
		'events { worker_connections 1024; }',
		'http {',
		'  access_log off;',
		`  client_body_temp_path ${temp('client_body')};`,
		`  proxy_temp_path ${temp('proxy')};`,
		`  fastcgi_temp_path ${temp('fastcgi')};`,
		`  uwsgi_temp_path ${temp('uwsgi')};`,
		`  scgi_temp_path ${temp('scgi')};`,
		'  client_max_body_size 16m;',
		// Every request body in memory, never in client_body_temp_path: run as root, nginx's workers
		// run as `nobody`, which cannot write into a folder under a private one (a mkdtemp folder,
		// /root). A body over the 16 KB default buffer then got a 500: the editor's credential Test
		// (about 21 KB with the project it sends) showed "Couldn't connect with these settings".
		'  client_body_buffer_size 16m;',
		"  map $http_upgrade $connection_upgrade { default upgrade; '' ''; }",
		...mainUpstream(host, options.mainPorts),
		'  upstream n8n_webhooks {',
		...options.webhookPorts.map(
			(port) => `    server ${host}:${port} max_fails=1 fail_timeout=2s;`,
		),
		'  }',
		'  server {',
		`    listen ${host}:${options.port};`,
		// A webhook process that refuses the connection is skipped (the request was never sent);
		// a delivery that may have reached n8n is not replayed here: the platform's retry does that.
		'    location /webhook/ {',
		'      proxy_pass http://n8n_webhooks;',
		'      proxy_next_upstream error timeout;',
		// Which webhook process answered (the queue suite checks both took deliveries).
		'      add_header X-Served-By $upstream_addr always;',
		...proxied.map((line) => `      ${line}`),
		// A new connection per delivery: a kept-alive one that n8n closes (Node's 5 s keep-alive
		// timeout) just as nginx reuses it turns a delivery into a 502.
		'      proxy_set_header Connection close;',
		'    }',
		'    location / {',
		'      proxy_pass http://n8n_main;',
		// Another main when this one refuses the connection (killed, restarting): a request that
		// reached a main is not sent again (nginx never replays a POST it had sent).
		...(options.mainPorts.length > 1 ? ['      proxy_next_upstream error timeout;'] : []),
		...proxied.map((line) => `      ${line}`),
		'      proxy_set_header Upgrade $http_upgrade;',
		'      proxy_set_header Connection $connection_upgrade;',
		'    }',
		'  }',
		'}',
		'',
	].join('\n');
}

/** One main as before; several behind a hash on the client (its n8n-auth cookie, else its address) that skips a main that is down. */
function mainUpstream(host: string, ports: number[]): string[] {
	if (ports.length === 1) return [`  upstream n8n_main { server ${host}:${ports[0]}; }`];
	return [
		'  map $http_cookie $n8n_client { "~n8n-auth=(?<auth>[^;]+)" $auth; default $remote_addr; }',
		'  upstream n8n_main {',
		'    hash $n8n_client consistent;',
		...ports.map((port) => `    server ${host}:${port} max_fails=1 fail_timeout=2s;`),
		'  }',
	];
}
