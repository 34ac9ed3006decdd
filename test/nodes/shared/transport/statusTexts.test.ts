import {
	asErrorBody,
	defaultMessage,
	fieldErrors,
	scopeMessage,
	statusAdvice,
	type StatusContext,
} from '../../../../nodes/shared/transport/statusTexts';

/** The advice for a response with this status and body. */
const advice = (statusCode: number, body: unknown, context: StatusContext = {}): string[] =>
	statusAdvice({ statusCode, body, headers: {} }, asErrorBody(body), context);

describe('statusAdvice', () => {
	it('401: check the access token, reconnect OAuth2, or both when the credential type is unknown', () => {
		expect(advice(401, {}, { authentication: 'accessToken' })).toEqual([
			expect.stringMatching(/^Check the Access Token/),
		]);
		expect(advice(401, {}, { authentication: 'oAuth2' })).toEqual([
			expect.stringMatching(/^Reconnect the Education Platform OAuth2 credential/),
		]);
		expect(advice(401, {})).toEqual([
			expect.stringMatching(
				/^Check the Access Token.* Reconnect the Education Platform OAuth2 credential/,
			),
		]);
	});

	it('403 names the missing scope: from required_scopes, else the message, else the scope the request needs', () => {
		const token = { authentication: 'accessToken' } as const;
		expect(advice(403, { required_scopes: ['students:read', 'webhooks:write'] }, token)).toEqual([
			"Make an access token with students:read and webhooks:write in the platform's settings and put it in the Education Platform API credential.",
		]);
		expect(advice(403, { message: 'Missing scope webhooks:write.' }, token)[0]).toMatch(
			/^Make an access token with webhooks:write in/,
		);
		expect(advice(403, {}, { ...token, requiredScope: 'payments:read' })[0]).toMatch(
			/^Make an access token with payments:read in/,
		);
		expect(advice(403, {}, token)[0]).toMatch(/^Make an access token with the scope it needs in/);
	});

	it("403 says how THIS credential's grant gets the scope", () => {
		const body = { code: 'insufficient_scope', required_scopes: ['payments:read'] };
		const oauth = { authentication: 'oAuth2' } as const;
		const tick = 'Tick payments:read under Scopes in the Education Platform OAuth2 credential';
		expect(advice(403, body, { ...oauth, oauthGrant: 'pkce' })).toEqual([
			`${tick}, save it and click Reconnect, then approve the new access on the platform's page.`,
		]);
		expect(
			advice(403, body, { ...oauth, oauthGrant: 'clientCredentials', renewsToken: true }),
		).toEqual([`${tick} and save it. The next run gets a new access token with it.`]);
		// n8n 1.85 has no way for a node to ask for a new token: the stored one is replaced when it expires.
		expect(
			advice(403, body, { ...oauth, oauthGrant: 'clientCredentials', renewsToken: false }),
		).toEqual([
			`${tick} and save it. This n8n keeps its current access token until it expires (an hour on the platform), and the first run after that gets one with the new Scopes.`,
		]);
		expect(advice(403, body)[0]).toMatch(
			/^Make an access token with payments:read .* Or: Tick payments:read .*, save it and click Reconnect\.$/,
		);
	});

	it('403 message names what was refused, the scope and the item', () => {
		const request = { method: 'GET', url: 'https://school.example.com/api/v1/exam-results' };
		expect(scopeMessage(['exam_results:read'], request, { itemIndex: 2 })).toBe(
			'The credential may not list exam results: it lacks the exam_results:read scope [item 2]',
		);
		expect(
			scopeMessage(
				['payments:read'],
				{ method: 'GET', url: '/v1/payments/pay_1' },
				{ resourceLabel: 'payment pay_1' },
			),
		).toBe('The credential may not get payment pay_1: it lacks the payments:read scope');
		expect(
			scopeMessage(
				['webhooks:write'],
				{ method: 'POST', url: 'https://school.example.com/v1/webhooks' },
				{},
			),
		).toBe('The credential may not change webhooks: it lacks the webhooks:write scope');
	});

	it('404 names the resource and what to check, or points at the Base URL when no resource was asked for', () => {
		expect(
			advice(
				404,
				{},
				{ resourceLabel: 'payment pay_1', notFoundAdvice: 'Copy the ID from the platform.' },
			),
		).toEqual(['No payment pay_1 exists on the platform. Copy the ID from the platform.']);
		expect(advice(404, {}, { resourceLabel: 'student 7' })).toEqual([
			'No student 7 exists on the platform. Check the ID.',
		]);
		expect(advice(404, {})).toEqual([
			expect.stringMatching(/^The API path was not found\. Check the Base URL/),
		]);
	});

	it("400 and 422: what to fix for each field, in the node's words", () => {
		expect(
			advice(422, {
				errors: {
					filter: ['Requested filter(s) `colour, size` are not allowed.'],
					'filter.status': ['The selected filter.status is invalid.'],
					sort: ['Requested sort(s) `age` is not allowed.'],
					per_page: ['The per page field must be between 1 and 100.'],
					page: 'The page must be at least 1.',
					email: ['The email must be a valid email address.'],
				},
			}),
		).toEqual([
			'Remove or rename the unknown filter "colour", "size".',
			'Fix the value of the "status" filter.',
			'Sort by a supported field instead of "age".',
			'Use a Page Size between 1 and 100.',
			'Page numbers start at 1.',
			'Fix the "email" field.',
		]);
		expect(advice(400, { errors: { filter: ['Unknown filter.'], sort: ['Bad sort.'] } })).toEqual([
			'Remove the filter the platform does not know.',
			'Sort by a supported field.',
		]);
	});

	it('quotes and truncates the names it echoes: a filter named with a line break stays on one line', () => {
		expect(
			advice(422, {
				errors: {
					filter: ['Requested filter(s) `colour\nERROR forged` are not allowed.'],
					[`filter.${'s'.repeat(70)}`]: ['Invalid.'],
					'x\r\ny': ['Invalid.'],
				},
			}),
		).toEqual([
			'Remove or rename the unknown filter "colour\\nERROR forged".',
			`Fix the value of the "${'s'.repeat(60)}…" filter.`,
			'Fix the "x\\r\\ny" field.',
		]);
	});

	it('an OAuth error code says which credential field to fix, before any status advice', () => {
		expect(advice(401, { error: 'invalid_client' })).toEqual([
			'The platform did not accept the OAuth client. Check the Client ID and Client Secret in the credential.',
		]);
		expect(advice(400, { error: 'invalid_grant' })).toEqual([
			'The authorization is no longer valid. Reconnect the Education Platform OAuth2 credential.',
		]);
		expect(advice(400, { error: 'invalid_scope', errors: { scope: ['x'] } })[0]).toMatch(
			/Untick it in the credential/,
		);
		expect(advice(400, { error: 'unsupported_grant_type' })[0]).toMatch(
			/^This OAuth client may not use the selected Grant Type/,
		);
		expect(advice(401, { error: 'server_error' }, { authentication: 'accessToken' })[0]).toMatch(
			/^Check the Access Token/,
		);
	});

	it('has nothing to add for other statuses', () => {
		expect(advice(500, { message: 'Server Error' })).toEqual([]);
		expect(advice(409, {})).toEqual([]);
	});
});

describe('defaultMessage, when the API sent no message', () => {
	it.each([
		[undefined, 'Could not get a complete response from the Education Platform'],
		[401, 'The Education Platform did not accept the credentials'],
		[403, 'The credentials are not allowed to do this'],
		[404, 'Not found'],
		[422, 'The platform rejected the request as invalid'],
		[429, 'The Education Platform received too many requests from these credentials'],
		[503, 'The Education Platform could not handle the request (status 503)'],
		[409, 'The Education Platform refused the request (status 409)'],
	])('HTTP %s → %s', (statusCode, message) => {
		expect(defaultMessage({ statusCode, headers: {} })).toBe(message);
	});
});

describe("the API's error body", () => {
	it('reads an object, and nothing from anything else', () => {
		expect(asErrorBody({ message: 'Invalid.', request_id: 'req_1' })).toEqual({
			message: 'Invalid.',
			request_id: 'req_1',
		});
		expect(asErrorBody('<html>Bad Gateway</html>')).toEqual({});
		expect(asErrorBody([{ message: 'x' }])).toEqual({});
	});

	it('gives each field its messages as one sentence, keeping dot-notation keys', () => {
		expect(
			fieldErrors({ 'filter.status': ['Invalid.', 'Unknown value.'], email: 'Required.' }),
		).toEqual([
			['filter.status', 'Invalid. Unknown value.'],
			['email', 'Required.'],
		]);
		expect(fieldErrors(undefined)).toEqual([]);
	});
});
