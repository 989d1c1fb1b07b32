/** A seller route's caller as services take it: the seller organisation and the account acting. */
export const sellerCaller = (caller: { orgId: number | null; accountId: number }) => ({
  orgId: caller.orgId!,
  accountId: caller.accountId,
});
