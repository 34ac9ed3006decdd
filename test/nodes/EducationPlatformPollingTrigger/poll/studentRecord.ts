/** A student as the platform lists it, with the timestamps the polling cursor reads. */
export const student = (
	id: number,
	updatedAt: string,
	createdAt = '2024-01-01T00:00:00.000000Z',
) => ({
	id,
	first_name: 'Amara',
	last_name: 'Okafor',
	guardians: [],
	created_at: createdAt,
	updated_at: updatedAt,
});
