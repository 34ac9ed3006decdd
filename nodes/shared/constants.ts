// Names shared by both nodes and both credentials. Changing one breaks saved workflows.
export const ACCESS_TOKEN_CREDENTIAL = 'educationPlatformApi';
export const OAUTH2_CREDENTIAL = 'educationPlatformOAuth2Api';

/** Values of the nodes' `authentication` parameter. */
export type AuthenticationMethod = 'accessToken' | 'oAuth2';

export function credentialTypeFor(authentication: AuthenticationMethod): string {
	return authentication === 'oAuth2' ? OAUTH2_CREDENTIAL : ACCESS_TOKEN_CREDENTIAL;
}
