/**
 * The student resource (contract §2), its API responses, and the admin request bodies
 * (`POST /sandbox/students`, `PATCH /sandbox/students/:id`).
 */
import { z } from 'zod';

import { DateSchema, TimestampSchema, dataSchema, envelopeSchema } from './common';

export const STUDENT_STATUSES = [
	'active',
	'inactive',
	'graduated',
	'withdrawn',
	'suspended',
] as const;
export const GENDERS = ['female', 'male', 'non_binary', 'undisclosed'] as const;
export const RELATIONSHIPS = ['mother', 'father', 'guardian', 'grandparent', 'other'] as const;

export const AddressSchema = z
	.object({
		line1: z.string().min(1).max(255),
		line2: z.string().max(255).nullable(),
		city: z.string().min(1).max(255),
		postal_code: z.string().min(1).max(20),
		country: z.string().regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code'),
	})
	.strict();

export const GuardianSchema = z
	.object({
		id: z.number().int().positive(),
		name: z.string().min(1).max(255),
		relationship: z.enum(RELATIONSHIPS),
		email: z.string().email().nullable(),
		phone: z.string().nullable(),
		is_primary: z.boolean(),
	})
	.strict();

const lowerCaseEmail = z
	.string()
	.email()
	.max(255)
	.refine((email) => email === email.toLowerCase(), 'must be lower-case');

export const StudentSchema = z
	.object({
		id: z.number().int().positive(),
		student_number: z.string().regex(/^S-\d{4}-\d{6,}$/, 'must look like S-2024-001042'),
		first_name: z.string().min(1).max(255),
		last_name: z.string().min(1).max(255),
		preferred_name: z.string().min(1).max(255).nullable(),
		email: lowerCaseEmail.nullable(),
		phone: z.string().nullable(),
		date_of_birth: DateSchema,
		gender: z.enum(GENDERS),
		status: z.enum(STUDENT_STATUSES),
		grade_level: z.number().int().min(0).max(12),
		group_ids: z.array(z.number().int().positive()),
		enrolled_at: DateSchema,
		left_at: DateSchema.nullable(),
		address: AddressSchema.nullable(),
		guardians: z.array(GuardianSchema),
		created_at: TimestampSchema,
		updated_at: TimestampSchema,
	})
	.strict();

export type Student = z.infer<typeof StudentSchema>;

export const StudentListResponseSchema = envelopeSchema(StudentSchema);
export const StudentResponseSchema = dataSchema(StudentSchema);

/** Fields an admin may set; everything else is generated (create) or kept (update). */
export const StudentChangesSchema = z
	.object({
		student_number: z.string().regex(/^S-\d{4}-\d{6,}$/, 'must look like S-2024-001042'),
		first_name: z.string().trim().min(1).max(255),
		last_name: z.string().trim().min(1).max(255),
		preferred_name: z.string().trim().min(1).max(255).nullable(),
		email: z.string().trim().toLowerCase().pipe(z.string().email().max(255)).nullable(),
		phone: z.string().max(50).nullable(),
		date_of_birth: DateSchema,
		gender: z.enum(GENDERS),
		status: z.enum(STUDENT_STATUSES),
		grade_level: z.number().int().min(0).max(12),
		group_ids: z.array(z.number().int().positive()).max(50),
		enrolled_at: DateSchema,
		left_at: DateSchema.nullable(),
		address: AddressSchema.nullable(),
		guardians: z.array(GuardianSchema).max(10),
	})
	.partial()
	.strict();

export type StudentChanges = z.infer<typeof StudentChangesSchema>;
