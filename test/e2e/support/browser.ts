// Just enough of a browser for an OAuth connect flow: cookies kept per origin, redirects followed
// one hop at a time (so every hop is on record), and HTML forms submitted like a button click.

export interface Page {
	url: string;
	status: number;
	/** The redirect target, absolute, when the response is a 3xx. */
	location?: string;
	body: string;
}

export interface RequestOptions {
	method?: string;
	headers?: Record<string, string>;
	json?: unknown;
	form?: Record<string, string>;
}

const MAX_REDIRECTS = 10;

function unescapeHtml(text: string): string {
	return text
		.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
		.replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCharCode(parseInt(code, 16)))
		.replace(/&quot;/g, '"')
		.replace(/&lt;/g, '<')
		.replace(/&gt;/g, '>')
		.replace(/&amp;/g, '&');
}

function attribute(tag: string, name: string): string | undefined {
	const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'i').exec(tag);
	return match ? unescapeHtml(match[1] ?? match[2]) : undefined;
}

/** The first form of a page: where it posts and the values of its hidden inputs. */
export function parseForm(page: Page): { action: string; method: string; fields: Record<string, string> } {
	const form = /<form\b[^>]*>([\s\S]*?)<\/form>/i.exec(page.body);
	if (!form) throw new Error(`no form on ${page.url} (HTTP ${page.status}):\n${page.body.slice(0, 2000)}`);
	const openTag = form[0].slice(0, form[0].indexOf('>') + 1);
	const fields: Record<string, string> = {};
	for (const [input] of form[1].matchAll(/<input\b[^>]*>/gi)) {
		const name = attribute(input, 'name');
		if (name && attribute(input, 'type')?.toLowerCase() === 'hidden') fields[name] = attribute(input, 'value') ?? '';
	}
	return {
		action: new URL(attribute(openTag, 'action') ?? page.url, page.url).href,
		method: (attribute(openTag, 'method') ?? 'get').toUpperCase(),
		fields,
	};
}

export class Browser {
	private readonly cookies = new Map<string, Map<string, string>>();
	/** Every response, in order. */
	readonly history: Page[] = [];

	/** One request, without following a redirect. */
	async request(url: string, options: RequestOptions = {}): Promise<Page> {
		const { origin } = new URL(url);
		const jar = this.cookies.get(origin);
		const headers: Record<string, string> = { accept: 'text/html,application/json', ...options.headers };
		if (jar?.size) headers.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
		let body: string | undefined;
		if (options.json !== undefined) {
			headers['content-type'] = 'application/json';
			body = JSON.stringify(options.json);
		} else if (options.form) {
			headers['content-type'] = 'application/x-www-form-urlencoded';
			body = new URLSearchParams(options.form).toString();
		}
		const response = await fetch(url, { method: options.method ?? 'GET', headers, body, redirect: 'manual' });
		this.storeCookies(origin, response.headers.getSetCookie());
		const location = response.headers.get('location');
		const page: Page = {
			url,
			status: response.status,
			location: location ? new URL(location, url).href : undefined,
			body: await response.text(),
		};
		this.history.push(page);
		return page;
	}

	/** A request, then its redirects (as GETs), like a navigation. Returns every hop; the last is where it landed. */
	async navigate(url: string, options: RequestOptions = {}): Promise<Page[]> {
		const hops = [await this.request(url, options)];
		while (hops[hops.length - 1].location && hops[hops.length - 1].status >= 300 && hops[hops.length - 1].status < 400) {
			if (hops.length > MAX_REDIRECTS) throw new Error(`more than ${MAX_REDIRECTS} redirects from ${url}`);
			hops.push(await this.request(hops[hops.length - 1].location!));
		}
		return hops;
	}

	/** Submit a page's form by clicking the button `name=value`. */
	async submit(page: Page, button: { name: string; value: string }): Promise<Page[]> {
		const form = parseForm(page);
		if (form.method !== 'POST') throw new Error(`expected a POST form on ${page.url}, got ${form.method}`);
		return this.navigate(form.action, { method: 'POST', form: { ...form.fields, [button.name]: button.value } });
	}

	cookieNames(origin: string): string[] {
		return [...(this.cookies.get(origin)?.keys() ?? [])];
	}

	private storeCookies(origin: string, setCookies: string[]): void {
		for (const header of setCookies) {
			const pair = header.split(';')[0];
			const eq = pair.indexOf('=');
			if (eq <= 0) continue;
			const name = pair.slice(0, eq).trim();
			const value = pair.slice(eq + 1).trim();
			const jar = this.cookies.get(origin) ?? new Map<string, string>();
			// An expired or emptied cookie is a deletion.
			if (value === '' || /;\s*max-age=0\b/i.test(header) || /expires=Thu, 01 Jan 1970/i.test(header)) jar.delete(name);
			else jar.set(name, value);
			this.cookies.set(origin, jar);
		}
	}
}
