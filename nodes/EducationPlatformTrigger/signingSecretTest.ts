// n8n's credential "Test" for the signing-secret credential (referenced by `testedBy`): the
// secret signs nothing the platform could answer, so the test checks locally that each value is
// a usable Standard Webhooks secret and says which one is not and why (never echoing it).
import type {
	ICredentialsDecrypted,
	ICredentialTestFunctions,
	INodeCredentialTestResult,
} from 'n8n-workflow';
import { decodeSigningSecret } from './webhook/signature';

export async function signingSecretTest(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted,
): Promise<INodeCredentialTestResult> {
	const fields: Array<[label: string, value: unknown, optional: boolean]> = [
		['Signing Secret', credential.data?.signingSecret, false],
		['Previous Signing Secret', credential.data?.previousSigningSecret, true],
	];
	for (const [label, value, optional] of fields) {
		const secret = String(value ?? '').trim();
		if (optional && secret === '') continue;
		try {
			decodeSigningSecret(secret);
		} catch (error) {
			return { status: 'Error', message: `${label}: ${(error as Error).message}` };
		}
	}
	return { status: 'OK', message: 'The signing secret can verify deliveries.' };
}
