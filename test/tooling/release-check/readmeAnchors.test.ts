import { readmeAnchors, readmeHeadings, slugify } from '../../../tooling/release-check/readmeAnchors';
import { repoFile } from './fixtures';

describe('README anchors as GitHub and npm link them', () => {
	it.each([
		['Education Platform Trigger', 'education-platform-trigger'],
		["Expose n8n's webhook URL (`WEBHOOK_URL`)", 'expose-n8ns-webhook-url-webhook_url'],
		['Student → Get Many', 'student--get-many'],
		['Set-up: Automatic registration', 'set-up-automatic-registration'],
		['[Credentials](#credentials) and **scopes**', 'credentials-and-scopes'],
		['Licence', 'licence'],
	])('%s → #%s', (heading, anchor) => {
		expect(slugify(heading)).toBe(anchor);
	});

	it('ignores "# comments" inside fenced code blocks and numbers repeated headings', () => {
		const readme = '# Title\n\n```bash\n# not a heading\n```\n\n## Base URL\n\n~~~\n## nor this\n~~~\n\n### Base URL\n';
		expect(readmeHeadings(readme)).toEqual(['Title', 'Base URL', 'Base URL']);
		expect([...readmeAnchors(readme)]).toEqual(['title', 'base-url', 'base-url-1']);
	});

	it("finds the sections this package's documentation links point to in its own README", () => {
		const anchors = readmeAnchors(repoFile('README.md'));
		for (const anchor of ['credentials', 'education-platform-node', 'education-platform-trigger', 'before-publishing', 'releasing']) {
			expect(anchors).toContain(anchor);
		}
		expect(anchors).not.toContain('then-restart-n8n');
	});
});
