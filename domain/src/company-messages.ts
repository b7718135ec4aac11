/** What the company accounts answer (issue 19), one place for the server and the pages. */
export const companyMessages = {
  notInCompany: 'You are not a member of a company',
  alreadyInCompany: 'You already belong to a company; leave it first',
  companyNotFound: 'Company not found',
  onlyCompanyAdmin: 'Only a company admin can do this',
  onlyApprover: 'Only an approver or a company admin can approve orders',
  memberNotFound: 'Member not found',
  lastAdmin: 'A company needs at least one company admin',
  lastAdminLeaving:
    'You are its only company admin: make another member a company admin before you leave',
  invitationInvalid: 'This invitation link is not valid',
  invitationUsed: 'This invitation has already been used',
  invitationExpired: 'This invitation has expired; ask your company admin for a new one',
  invitationRevoked: 'This invitation was withdrawn',
  invitationOtherEmail: (email: string) =>
    `This invitation is for ${email}. Sign in with that address to accept it.`,
  invitationAlreadyMember: 'That person already belongs to a company',
  addressNotFound: 'Address not found',
  orderNotAwaiting: 'This order is not awaiting approval',
  approvalExpired: 'The approval time of this order has run out; its stock is being released',
  rejected: 'Order rejected: its stock was released and the buyer told',
  approvalTimedOut: 'Not approved in time: the reserved stock was released',
  awaitsApproval: 'This order awaits approval: it can be paid once it is approved',
  paidOnAccount: 'This order is paid on account: its invoice is paid by transfer by its due date',
  invoicedOnAccount:
    'This order is invoiced on account: it cannot be cancelled or deleted; its invoice is owed by its due date',
  ownOrder: 'You cannot approve or reject your own order',
  noTerms: 'Your company cannot pay on account; a shop admin grants terms',
  poRequired: 'A PO number is required to pay on account',
  overCredit: (remaining: string) =>
    `This order is above your company's remaining credit (${remaining}); pay by card or ask accounts payable to settle open invoices`,
  invoiceNotFound: 'Invoice not found',
  notOnAccount: 'This invoice was paid by card; there is nothing to record',
  overpaid: (outstanding: string) => `The amount is more than what is still owed (${outstanding})`,
  alreadySettled: 'This invoice is already paid in full',
  limitOnlyForBuyers: 'Only buyers have an order limit',
  shopAdminCannotJoin: 'Shop admins run the shop and cannot join a company',
  tooManyInvitations: 'Too many invitations in the last day; try again tomorrow',
  invoiceCancelled: 'This order was cancelled; there is nothing to collect',
  creditBelowBalance: (balance: string) =>
    `The credit limit cannot be below what the company owes now (${balance}); record its payments first`,
  noStatementAccess: 'Only a company admin or an approver can read the statement',
} as const;
