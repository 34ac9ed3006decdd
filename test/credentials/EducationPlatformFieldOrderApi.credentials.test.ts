import nock from 'nock';

import { EducationPlatformFieldOrderApi } from '../../credentials/EducationPlatformFieldOrderApi.credentials';
import { EducationPlatformOAuth2Api } from '../../credentials/EducationPlatformOAuth2Api.credentials';
import { createCredentialsHelper, testCredentials } from '../harness';
import { useNock } from '../harness/nock';

const HOST = 'https://springfield.edu-platform.test';

useNock();

/** The OAuth2 dialog's fields as n8n merges them: the types in `extends` in order, then its own. */
function oAuth2DialogFields() {
	// n8n's backend adds oauthTokenData to every OAuth2 type; the editor never shows it.
	return createCredentialsHelper()
		.getCredentialsProperties('educationPlatformOAuth2Api')
		.filter((field) => field.type !== 'hidden' && field.name !== 'oauthTokenData');
}

describe('Education Platform Field Order API credential', () => {
	it('is the OAuth2 credential\'s first parent and hidden from "Add credential"', () => {
		expect(new EducationPlatformOAuth2Api().extends).toEqual([
			'educationPlatformFieldOrderApi',
			'oAuth2Api',
		]);
		expect(new EducationPlatformFieldOrderApi().hidden).toBe(true);
	});

	it("puts the OAuth2 credential's own Base URL first in its dialog, in place of its own", () => {
		const fields = oAuth2DialogFields();
		expect(fields.map((field) => field.name)).toEqual([
			'baseUrl',
			'grantType',
			'clientId',
			'clientSecret',
			'platformScopes',
			'authUrlOverride',
			'accessTokenUrlOverride',
		]);
		const ownBaseUrl = new EducationPlatformOAuth2Api().properties.find(
			(field) => field.name === 'baseUrl',
		);
		expect(fields[0]).toEqual(ownBaseUrl);
	});

	it('fails its connection test with what to create instead (n8n 1.x lists it)', async () => {
		// n8n's routing asks again after a 401, as in the access-token credential's test.
		nock(HOST)
			.get('/v1/students')
			.times(2)
			.reply(401, { message: 'Unauthenticated.', code: 'unauthenticated' });
		const result = await testCredentials(
			createCredentialsHelper(),
			'educationPlatformFieldOrderApi',
			{
				baseUrl: `${HOST}/`,
			},
		);
		expect(result).toEqual({
			status: 'Error',
			message:
				'This credential only orders the fields of the Education Platform OAuth2 API credential. Create an Education Platform API or Education Platform OAuth2 API credential instead.',
		});
	});
});
