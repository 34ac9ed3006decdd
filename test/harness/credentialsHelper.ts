import { getAdditionalKeys } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentialsEncrypted,
	ICredentialType,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeParameters,
	IRequestOptionsSimplified,
	IWorkflowDataProxyAdditionalKeys,
	IWorkflowExecuteAdditionalData,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import {
	ICredentials,
	ICredentialsHelper,
	isExpression,
	NodeHelpers,
	UnexpectedError,
	Workflow,
} from 'n8n-workflow';

import { CredentialTypeRegistry } from './credentialTypes';
import { createNodeTypes, TEST_INPUT_NODE_TYPE } from './nodeTypes';

/**
 * An in-memory ICredentialsHelper that behaves like n8n's own
 * (packages/cli/src/credentials-helper.ts) where it matters to a node:
 *
 * - `getDecrypted` applies the credential type's defaults (parent types merged through
 *   `extends`) and resolves `={{ … }}` expressions with `$self` = the credential's own data,
 *   exactly as `applyDefaultsAndOverwrites` does — so derived hidden fields such as an OAuth2
 *   token URL built from the base URL come out as in n8n.
 * - `authenticate` applies a generic `authenticate` block (headers/qs/body/auth with
 *   `{{$credentials.…}}` resolved through the workflow's expression engine) or calls a function
 *   one.
 * - `getParentTypes` follows `extends`, so n8n-core routes an `oAuth2Api` child through its
 *   real requestOAuth2 (client-credentials token fetch, refresh and retry on 401).
 * - `updateCredentialsOauthTokenData` / `updateCredentials` store what n8n-core writes back
 *   (fresh OAuth tokens), so the next request and the test can see it.
 *
 * Usage:
 *   const helper = new TestCredentialsHelper([new EducationPlatformApi()]);
 *   helper.setCredentials('educationPlatformApi', { baseUrl: 'https://x.test', accessToken: 't' });
 *   helper.getStored('educationPlatformOAuth2Api').oauthTokenData // after a refresh
 */
export class TestCredentialsHelper extends ICredentialsHelper {
	readonly types: CredentialTypeRegistry;

	private readonly stored = new Map<string, ICredentialDataDecryptedObject>();

	/** The type of every credential read (n8n loads and decrypts one from its database each time), oldest first. */
	readonly reads: string[] = [];

	/** Every write-back n8n-core made, oldest first (type and the data written). */
	readonly updates: Array<{ type: string; data: ICredentialDataDecryptedObject }> = [];

	constructor(credentialTypes: ICredentialType[] | CredentialTypeRegistry = []) {
		super();
		this.types =
			credentialTypes instanceof CredentialTypeRegistry
				? credentialTypes
				: new CredentialTypeRegistry(credentialTypes);
	}

	/** Stores the data a user would have saved for this credential type (replacing any). */
	setCredentials(type: string, data: ICredentialDataDecryptedObject): this {
		this.types.getByName(type);
		this.stored.set(type, structuredClone(data));
		return this;
	}

	hasCredentials(type: string): boolean {
		return this.stored.has(type);
	}

	/** The data as stored now (including OAuth token data written back by n8n-core). */
	getStored(type: string): ICredentialDataDecryptedObject {
		const data = this.stored.get(type);
		if (!data) throw new UnexpectedError(`No credentials of type "${type}" were set in the test`);
		return structuredClone(data);
	}

	/** The `node.credentials` entry n8n would save on a node that uses this credential type. */
	static detailsFor(type: string): INodeCredentialsDetails {
		return { id: `cred-${type}`, name: `Test ${type}` };
	}

	getParentTypes(name: string): string[] {
		return this.types.getParentTypes(name);
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	getCredentialsProperties(type: string) {
		return this.types.getProperties(type);
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		incomingRequestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		const requestOptions = incomingRequestOptions as IHttpRequestOptions;
		const { authenticate } = this.types.getByName(typeName);
		if (typeof authenticate === 'function') return await authenticate(credentials, requestOptions);
		if (authenticate?.type !== 'generic') return requestOptions;
		if (!workflow || !node) {
			throw new UnexpectedError(
				'Workflow and node are required for declarative credential authentication',
			);
		}
		requestOptions.headers ??= {};
		const target = requestOptions as unknown as Record<string, Record<string, unknown>>;
		for (const [outerKey, outerValue] of Object.entries(authenticate.properties)) {
			for (const [key, value] of Object.entries(outerValue as Record<string, string>)) {
				const resolvedKey = this.resolveValue(key, { $credentials: credentials }, workflow, node);
				const resolvedValue = this.resolveValue(
					value,
					{ $credentials: credentials },
					workflow,
					node,
				);
				target[outerKey] ??= {};
				target[outerKey][resolvedKey] = resolvedValue;
			}
		}
		return requestOptions;
	}

	/** Only credential types with an `expirable` hidden field use this; ours do not. */
	async preAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		_node: INode,
		credentialsExpired: boolean,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const type = this.types.getByName(typeName);
		const expirable = type.properties.find(
			(p) => p.type === 'hidden' && p.typeOptions?.expirable === true,
		);
		if (!expirable || typeof type.preAuthentication !== 'function') return undefined;
		if (credentials[expirable.name] !== '' && !credentialsExpired) return undefined;
		const output = await type.preAuthentication.call(helpers, credentials);
		if (output[expirable.name] === undefined) return undefined;
		return Object.assign(credentials, output);
	}

	async runPreAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const { preAuthentication } = this.types.getByName(typeName);
		if (typeof preAuthentication !== 'function') return undefined;
		return (await preAuthentication.call(helpers, credentials)) as ICredentialDataDecryptedObject;
	}

	async getCredentials(
		nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentials> {
		return new InMemoryCredentials(nodeCredentials, type, this);
	}

	async getDecrypted(
		additionalData: IWorkflowExecuteAdditionalData,
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
		mode: WorkflowExecuteMode,
		_executeData?: unknown,
		raw?: boolean,
	): Promise<ICredentialDataDecryptedObject> {
		this.reads.push(type);
		const stored = this.getStored(type);
		if (raw === true) return stored;
		return await this.applyDefaults(
			type,
			stored,
			mode,
			getAdditionalKeys(additionalData, mode, null, { isCredential: true }),
		);
	}

	/**
	 * What n8n's OAuth2 controller hands to the authorization/token flows when a user clicks
	 * "Connect": stored `scope` is deleted for OAuth2 types outside n8n's editable-scope list
	 * (every community type), then defaults and expressions are applied.
	 */
	async getOAuthCredentialsForAuthorization(type: string): Promise<ICredentialDataDecryptedObject> {
		const stored = this.getStored(type);
		const editableScopeTypes = [
			'oAuth2Api',
			'googleOAuth2Api',
			'microsoftOAuth2Api',
			'highLevelOAuth2Api',
		];
		if (stored.scope && type.includes('OAuth2') && !editableScopeTypes.includes(type))
			delete stored.scope;
		return await this.applyDefaults(type, stored, 'internal', {});
	}

	async updateCredentials(
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		this.updates.push({ type, data: structuredClone(data) });
		this.stored.set(type, structuredClone(data));
	}

	async updateCredentialsOauthTokenData(
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		this.updates.push({ type, data: { oauthTokenData: structuredClone(data.oauthTokenData) } });
		this.stored.set(type, {
			...this.getStored(type),
			oauthTokenData: structuredClone(data.oauthTokenData),
		});
	}

	/** n8n's applyDefaultsAndOverwrites, minus admin overwrites and external secrets. */
	async applyDefaults(
		type: string,
		stored: ICredentialDataDecryptedObject,
		mode: WorkflowExecuteMode = 'internal',
		additionalKeys: IWorkflowDataProxyAdditionalKeys = {},
	): Promise<ICredentialDataDecryptedObject> {
		const properties = this.types.getProperties(type);
		const withDefaults = NodeHelpers.getNodeParameters(
			properties,
			stored as INodeParameters,
			true,
			false,
			null,
			null,
		) as ICredentialDataDecryptedObject;
		if (stored.oauthTokenData !== undefined) withDefaults.oauthTokenData = stored.oauthTokenData;

		const workflow = expressionWorkflow();
		await workflow.expression.acquireIsolate();
		try {
			return workflow.expression.getComplexParameterValue(
				EXPRESSION_NODE,
				withDefaults as INodeParameters,
				mode,
				additionalKeys,
				undefined,
				undefined,
				withDefaults,
			) as ICredentialDataDecryptedObject;
		} finally {
			await workflow.expression.releaseIsolate();
		}
	}

	private resolveValue(
		value: string,
		additionalKeys: IWorkflowDataProxyAdditionalKeys,
		workflow: Workflow,
		node: INode,
	): string {
		if (!isExpression(value)) return value;
		const resolved = workflow.expression.getSimpleParameterValue(
			node,
			value,
			'internal',
			additionalKeys,
			undefined,
			'',
		);
		return resolved ? String(resolved) : '';
	}
}

/** The node n8n's CredentialsHelper resolves credential expressions against. */
const EXPRESSION_NODE: INode = {
	id: 'credential-expressions',
	name: '',
	typeVersion: 1,
	type: TEST_INPUT_NODE_TYPE,
	position: [0, 0],
	parameters: {},
};

function expressionWorkflow(): Workflow {
	return new Workflow({
		nodes: [EXPRESSION_NODE],
		connections: {},
		active: false,
		nodeTypes: createNodeTypes([]),
	});
}

/** n8n's Credentials class encrypts; tests keep plain data in the helper instead. */
class InMemoryCredentials extends ICredentials {
	constructor(
		nodeCredentials: INodeCredentialsDetails,
		type: string,
		private readonly helper: TestCredentialsHelper,
	) {
		super(nodeCredentials, type);
	}

	async getData(): Promise<ICredentialDataDecryptedObject> {
		return this.helper.getStored(this.type);
	}

	getDataToSave(): ICredentialsEncrypted {
		return { id: this.id, name: this.name, type: this.type, data: undefined };
	}

	async setData(data: ICredentialDataDecryptedObject): Promise<void> {
		this.helper.setCredentials(this.type, data);
	}

	async updateData(
		toUpdate: Partial<ICredentialDataDecryptedObject>,
		toDelete: string[] = [],
	): Promise<void> {
		const data = { ...this.helper.getStored(this.type), ...toUpdate };
		for (const key of toDelete) delete data[key];
		this.helper.setCredentials(this.type, data as ICredentialDataDecryptedObject);
	}
}
