/** The HTTP plumbing routes and plugins share: errors, auth, rate limit, pagination, zod. */
export * from './errors';
export * from './auth';
export * from './rateLimit';
export * from './pagination';
export * from './validate';
