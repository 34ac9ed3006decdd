// The resource → operation pairs the node offers; the router switches on these.
export type EducationPlatformMap = {
	student: 'get' | 'getMany';
};
