/** The busy key of a campaign: its page and the list show its tasks (launch, end, delete) running. */
export const campaignResource = (id: number) => `phishing-campaign:${id}`;
