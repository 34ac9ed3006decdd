/** Request bodies of the admin endpoints under `/sandbox/`. */
import { z } from 'zod';

import { ALL_SCOPES } from '../scopes';

export const CreateTokenSchema = z
	.object({
		scopes: z.array(z.enum(ALL_SCOPES)).max(ALL_SCOPES.length),
		/** Choose the token string yourself (tests); default a random `edu_pat_…`. */
		token: z.string().min(8).max(200).regex(/^\S+$/, 'must not contain spaces').optional(),
	})
	.strict();

export const RateLimitSchema = z.object({ limit: z.number().int().min(1).max(1_000_000) }).strict();
