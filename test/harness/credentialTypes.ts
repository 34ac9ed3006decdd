import type { ICredentialType, INodeProperties } from 'n8n-workflow';
import { NodeHelpers, UnexpectedError } from 'n8n-workflow';

import { OAuth2ApiBase } from './oAuth2ApiBase';

/**
 * The credential types an n8n instance knows, as n8n's CredentialTypes service and
 * CredentialsHelper.getCredentialsProperties see them: lookup by name, parent types through
 * `extends`, and properties merged parent-first (the child's definitions win).
 */
export class CredentialTypeRegistry {
	private readonly types = new Map<string, ICredentialType>();

	constructor(types: ICredentialType[] = []) {
		for (const type of [new OAuth2ApiBase(), ...types]) this.types.set(type.name, type);
	}

	recognizes(name: string): boolean {
		return this.types.has(name);
	}

	getByName(name: string): ICredentialType {
		const type = this.types.get(name);
		if (!type) throw new UnexpectedError(`Unknown credential type "${name}"`);
		return type;
	}

	getParentTypes(name: string): string[] {
		const parents = this.getByName(name).extends ?? [];
		return parents.flatMap((parent) => [parent, ...this.getParentTypes(parent)]);
	}

	/** Same as n8n's CredentialsHelper.getCredentialsProperties. */
	getProperties(name: string): INodeProperties[] {
		const type = this.getByName(name);
		if (type.extends === undefined) {
			if (name === 'oAuth2Api') {
				return [
					...type.properties,
					{
						displayName: 'oauthTokenData',
						name: 'oauthTokenData',
						type: 'json',
						required: false,
						default: {},
					},
				];
			}
			return type.properties;
		}
		const combined: INodeProperties[] = [];
		for (const parent of type.extends) {
			NodeHelpers.mergeNodeProperties(combined, this.getProperties(parent));
		}
		NodeHelpers.mergeNodeProperties(combined, type.properties);
		return combined;
	}
}
