/** A fan's page in the CRM (its first tab). */
export const fanEditPath = (id: number) => `/crm/fans/edit/${id}/infos`;
