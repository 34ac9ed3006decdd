// The resources the node offers; the router switches on these. Every resource has Get and Get Many.
export type ResourceName = 'student' | 'enrollment' | 'payment' | 'examResult';
export type OperationName = 'get' | 'getMany';
