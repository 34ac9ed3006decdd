/** The HTTP plumbing routes and plugins share: errors, rate limit, pagination, zod (the API's bearer-token check is ../api/auth.ts). */
export * from './errors';
export * from './rateLimit';
export * from './pagination';
export * from './validate';
