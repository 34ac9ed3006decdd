import nock from 'nock';

import { EducationPlatformApi } from '../../credentials/EducationPlatformApi.credentials';
import { createCredentialsHelper, testCredentials } from '../harness';
import { useNock } from '../harness/nock';

const HOST = 'https://springfield.edu-platform.test';

useNock();

function connectionTest(baseUrl: string, accessToken = 'edu_pat_good') {
	return testCredentials(createCredentialsHelper(), 'educationPlatformApi', {
		baseUrl,
		accessToken,
	});
}

describe('Education Platform API credential', () => {
	it('is the access-token credential with a password field and themed icons', () => {
		const credential = new EducationPlatformApi();
		expect(credential.name).toBe('educationPlatformApi');
		expect(credential.displayName).toBe('Education Platform API');
		expect(credential.properties.find((p) => p.name === 'accessToken')?.typeOptions?.password).toBe(
			true,
		);
		expect(credential.icon).toEqual({
			light: 'file:../icons/educationPlatform.svg',
			dark: 'file:../icons/educationPlatform.dark.svg',
		});
	});

	describe('connection test (run as n8n runs it)', () => {
		it('lists one student with the Bearer token and Accept: application/json', async () => {
			const api = nock(HOST, {
				reqheaders: { authorization: 'Bearer edu_pat_good', accept: 'application/json' },
			})
				.get('/v1/students')
				.query({ per_page: '1' })
				.reply(200, { data: [{ id: 1 }], meta: { total: 1 } });

			await expect(connectionTest(HOST)).resolves.toEqual({
				status: 'OK',
				message: 'Connection successful!',
			});
			expect(api.isDone()).toBe(true);
		});

		it.each([
			[`${HOST}/`, '/v1/students'],
			[`${HOST}/api`, '/api/v1/students'],
			[`${HOST}/api/`, '/api/v1/students'],
			[`${HOST}/api/v1`, '/api/v1/students'],
			[`${HOST}/v1/`, '/v1/students'],
			[`  ${HOST}/api/v1//  `, '/api/v1/students'],
		])('normalises the Base URL %j to %s', async (baseUrl, path) => {
			const api = nock(HOST).get(path).query({ per_page: '1' }).reply(200, { data: [] });
			await expect(connectionTest(baseUrl)).resolves.toMatchObject({ status: 'OK' });
			expect(api.isDone()).toBe(true);
		});

		it('401: says to check the token', async () => {
			nock(HOST)
				.get('/v1/students')
				.query(true)
				.times(2)
				.reply(401, { message: 'Unauthenticated.', code: 'unauthenticated' });

			const result = await connectionTest(HOST, 'edu_pat_revoked');
			expect(result.status).toBe('Error');
			expect(result.message).toMatch(/did not accept the access token/);
			expect(result.message).toMatch(/revoked/);
		});

		it('403: names the students:read scope', async () => {
			nock(HOST)
				.get('/v1/students')
				.query(true)
				.reply(403, {
					message: 'This action requires the students:read scope.',
					code: 'insufficient_scope',
					required_scopes: ['students:read'],
				});

			const result = await connectionTest(HOST);
			expect(result.status).toBe('Error');
			expect(result.message).toMatch(/lacks the students:read scope/);
			expect(result.message).toMatch(
				/only for enrollments, payments or exam results works for them/,
			);
		});

		it('404: says the Base URL does not point at the API', async () => {
			nock(HOST).get('/wrong/v1/students').query(true).reply(404, { message: 'Not found.' });
			const result = await connectionTest(`${HOST}/wrong`);
			expect(result).toMatchObject({
				status: 'Error',
				message: expect.stringMatching(/No Education Platform API was found at this Base URL/),
			});
		});

		it('any other failure reports the status', async () => {
			nock(HOST).get('/v1/students').query(true).reply(500, { message: 'Server Error' });
			await expect(connectionTest(HOST)).resolves.toMatchObject({
				status: 'Error',
				message: expect.stringMatching(/500|Internal Server Error/),
			});
		});
	});
});
