import { authCookieFrom } from '../../../tooling/lib/n8n-rest';

describe("picking n8n's auth cookie", () => {
	it('takes the n8n-auth pair from Set-Cookie and nothing else', () => {
		expect(
			authCookieFrom(['other=1; Path=/', 'n8n-auth=eyJhbGci.abc.def; Max-Age=604800; Path=/; HttpOnly; SameSite=Lax']),
		).toBe('n8n-auth=eyJhbGci.abc.def');
	});

	it('ignores a cleared cookie', () => {
		expect(authCookieFrom(['n8n-auth=; Max-Age=0; Path=/'])).toBeUndefined();
	});
});
