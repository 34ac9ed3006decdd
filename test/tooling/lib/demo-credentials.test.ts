// npm start's demo OAuth2 credential can do every operation the nodes offer: it ticks every scope
// the credential offers, and the sandbox's OAuth clients may request them all.
import { EducationPlatformOAuth2Api } from '../../../credentials/EducationPlatformOAuth2Api.credentials';
import { ALL_SCOPES } from '../../../sandbox/scopes';
import { clientCredentialsCredential } from '../../../tooling/lib/demo-credentials';

const offered = new EducationPlatformOAuth2Api().properties
	.find((property) => property.name === 'platformScopes')
	?.options?.map((option) => ('value' in option ? option.value : undefined));

describe('demo credentials', () => {
	it('the OAuth2 one ticks every scope the credential offers, each one the sandbox client may request', () => {
		const { data } = clientCredentialsCredential({
			baseUrl: 'http://127.0.0.1:1',
			token: 't',
			clientId: 'c',
			clientSecret: 's',
		});
		expect(data.platformScopes).toEqual(offered);
		expect([...ALL_SCOPES].sort()).toEqual([...(offered as string[])].sort());
	});
});
