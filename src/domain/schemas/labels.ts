// Fields as the seller knows them. The schemas in src/domain name a field by its key in the
// request ("productName"); every message that reaches a seller, in a form or as an API answer,
// names it by its label here ("Product name"). One table, read by the server's validation, its
// error answers and the browser's forms alike.

export const FIELD_LABELS: Record<string, string> = {
  // sign-up, login, account
  firstName: 'First name',
  lastName: 'Last name',
  companyName: 'Company name',
  email: 'Email',
  phone: 'Phone number',
  password: 'Password',
  confirmPassword: 'Confirm password',
  currentPassword: 'Current password',
  newPassword: 'New password',
  otp: 'OTP',
  code: 'OTP',
  phoneCode: 'Mobile OTP',
  ratingKey: 'Tracking link',
  target: 'Email or phone',
  tncAccepted: 'Terms and conditions',
  referralSourceId: 'How you heard of us',
  referralCode: 'Referral code',
  tcVersionId: 'Terms version',
  ipAddress: 'IP address',
  // sales channels
  shopDomain: 'Shop domain',
  siteUrl: 'Store URL',
  consumerKey: 'Consumer key',
  accessToken: 'Access token',
  sellingPartnerId: 'Seller ID',
  refreshToken: 'Refresh token',
  consumerSecret: 'Consumer secret',
  // products and packages
  splitMode: 'Split',
  packages: 'Packages',
  lines: 'Items',
  itemId: 'Item',
  packageNo: 'Package',
  productName: 'Product name',
  sku: 'SKU',
  categoryId: 'Category',
  category: 'Category',
  price: 'Price',
  inventoryManagementEnabled: 'Manage inventory',
  availableInventory: 'Available inventory',
  notifyThreshold: 'Notify below',
  weightKg: 'Weight (kg)',
  lengthCm: 'Length (cm)',
  breadthCm: 'Breadth (cm)',
  heightCm: 'Height (cm)',
  deadWeightKg: 'Dead weight (kg)',
  hsnCode: 'HSN code',
  taxRatePercent: 'Tax rate',
  productId: 'Product',
  channelProductId: 'Channel product id',
  storeId: 'Store id',
  packageName: 'Package name',
  packageType: 'Package type',
  packageLength: 'Length (cm)',
  packageBreadth: 'Breadth (cm)',
  packageHeight: 'Height (cm)',
  packageTypeId: 'Package',
  packageStatus: 'Package status',
  activated: 'Active',
  // addresses
  warehouseName: 'Warehouse name',
  contactName: 'Contact name',
  contactEmail: 'Contact email',
  contactPhone: 'Contact phone',
  addressLine1: 'Address line 1',
  addressLine2: 'Address line 2',
  addressLine3: 'Address line 3',
  pincode: 'Pincode',
  city: 'City',
  district: 'District',
  state: 'State',
  entityName: 'Name',
  customerId: 'Customer id',
  returnAddressId: 'Return-to address',
  phoneNumber: 'Phone number',
  addressId: 'Address',
  pickupAddressId: 'Pickup address',
  // orders
  orderNumber: 'Order number',
  orderDate: 'Order date',
  channel: 'Channel',
  paymentMethod: 'Payment method',
  fulfilment: 'Fulfilment',
  buyerName: 'Buyer name',
  buyerPhone: 'Buyer phone',
  buyerEmail: 'Buyer email',
  shipping: 'Shipping address',
  billing: 'Billing address',
  billingSameAsShipping: 'Billing same as shipping',
  items: 'Products',
  quantity: 'Quantity',
  discount: 'Discount',
  shippingCharges: 'Shipping charges',
  paymentModeCode: 'Payment mode',
  // payment modes (Premium)
  modeName: 'Mode name',
  modeCode: 'Label code',
  modeBasis: 'Collected',
  advanceKind: 'Advance',
  advancePercent: 'Advance (%)',
  advanceAmount: 'Advance (₹)',
  labelNote: 'Note on the label',
  // the orders CSV's own columns
  // an address's own lines (an order's shipping and billing, a return's buyer address)
  line1: 'Address line 1',
  line2: 'Address line 2',
  shippingLine1: 'Shipping address line 1',
  shippingLine2: 'Shipping address line 2',
  shippingPincode: 'Shipping pincode',
  billingLine1: 'Billing address line 1',
  billingLine2: 'Billing address line 2',
  billingPincode: 'Billing pincode',
  itemName: 'Item name',
  unitPrice: 'Unit price',
  pickupAddress: 'Pickup address',
  orderIds: 'Orders',
  // failed deliveries (NDR) and returns
  ndrIds: 'NDRs',
  action: 'Action',
  outcome: 'Outcome',
  answer: 'Answer',
  attempt: 'Attempt',
  tab: 'Tab',
  reattemptDate: 'Re-attempt date',
  preferredDate: 'Delivery date',
  landmark: 'Landmark',
  remarks: 'Remarks',
  evidenceFileIds: 'Evidence images',
  ndrAutoAction: 'When an NDR is not acted on',
  orderId: 'Order',
  archived: 'Archived',
  reason: 'Reason',
  // shipping
  originPincode: 'Pickup pincode',
  destinationPincode: 'Delivery pincode',
  codAmount: 'COD amount',
  carrierCode: 'Courier',
  carrierPriority: 'Courier priority',
  autoShipRule: 'Auto-ship rule',
  recommendationRule: 'Recommendation rule',
  deliveredFloorPct: 'Delivered % floor',
  rule: 'Rule',
  idempotencyKey: 'Request key',
  slotId: 'Delivery slot',
  layout: 'Label layout',
  pendingDay: 'Pending days',
  // document templates
  pageLayout: 'Page layout',
  showProductDetails: 'Product details',
  showItemImages: 'Item images',
  brandColour: 'Brand colour',
  customMessage: 'Custom message',
  returnAddress: 'Return address',
  returnPickupAddressId: 'Return pickup address',
  rtoName: 'RTO contact name',
  rtoPhone: 'RTO phone number',
  rtoLine1: 'RTO address line 1',
  rtoLine2: 'RTO address line 2',
  rtoCity: 'RTO city',
  rtoState: 'RTO state',
  rtoPincode: 'RTO pincode',
  showLogo: 'Logo',
  showSignature: 'Signature',
  termsNote: 'Terms note',
  showItemList: 'Item list',
  document: 'Document',
  awb: 'AWB',
  date: 'Date',
  // lists
  pageNumber: 'Page',
  recordsPerPage: 'Rows per page',
  searchPattern: 'Search',
  sortBy: 'Sort by',
  sortOrder: 'Sort order',
  fromDate: 'From date',
  period: 'Period',
  toDate: 'To date',
  shipmentBookedFrom: 'Shipped from',
  shipmentBookedTo: 'Shipped to',
  orderBookedFrom: 'Ordered from',
  orderBookedTo: 'Ordered to',
  rtoDate: 'RTO date',
  pickupDate: 'Pickup date',
  pickupRequestId: 'Pickup request',
  batchId: 'Upload batch',
  customerPhone: 'Customer phone',
  customerName: 'Customer name',
  orderStatusCodes: 'Status',
  orderSourcesFilter: 'Channel',
  orderFulfillmentTypeFilter: 'Fulfilment',
  orderPaymentMethodFilter: 'Payment method',
  orderCarrierCodesFilter: 'Courier',
  inTransitStatusFilter: 'In-transit status',
  type: 'Type',
  reportType: 'Report type',
  frequency: 'Frequency',
  format: 'Format',
  // wallet
  rechargeAmount: 'Recharge amount',
  couponCode: 'Coupon code',
  gateway: 'Payment gateway',
  merchantTransactionId: 'Transaction id',
  amount: 'Amount',
  direction: 'Direction',
  creditLimit: 'Credit limit',
  month: 'Month',
  // tracking and brand page
  trackingNumber: 'Tracking number',
  trackingRef: 'Tracking number',
  orderRef: 'Order number',
  customerRating: 'Rating',
  dakiyaRating: 'Rating',
  customerFeedback: 'Feedback',
  dakiyaFeedback: 'Feedback',
  entityType: 'Shipment kind',
  entityId: 'Shipment',
  supportEmail: 'Support email',
  supportPhone: 'Support phone',
  instagramUrl: 'Instagram link',
  facebookUrl: 'Facebook link',
  twitterUrl: 'X (Twitter) link',
  youtubeUrl: 'YouTube link',
  linkedinUrl: 'LinkedIn link',
  websiteUrl: 'Website link',
  videoUrl: 'Video link',
  videoTitle: 'Video title',
  logoUrl: 'Logo',
  headerBannerContent: 'Offer banner text',
  headerBannerRedirectionLink: 'Offer banner link',
  footerBannerRedirectionLink: 'Footer banner link',
  bannerImageUrl: 'Banner image',
  bannerImageRedirectionLink: 'Banner link',
  productImageUrl: 'Product image',
  productImageRedirectionLink: 'Product link',
  pinterestUrl: 'Pinterest link',
  footerBannerContent: 'Footer banner text',
  productTitle: 'Product title',
  productPrice: 'Product price',
  productImageName: 'Product image',
  featureName: 'Feature',
  enabled: 'Enabled',
  file: 'File',
  name: 'Name',
  // saved views of the order list
  viewName: 'View name',
  viewId: 'View',
  filters: 'Filters',
  id: 'File',
  accountId: 'Account',
  username: 'Username',
  userName: 'Username',
  mobile: 'Mobile number',
  supportLine: 'Support line',
  contactInfo: 'Email or mobile number',
  orgId: 'Organisation',
  uploadId: 'Upload',
  mappingId: 'Mapping',
  warehouseId: 'Warehouse',
  // KYC and bank account
  businessType: 'Business type',
  accountType: 'Business type',
  signatoryName: "Authorised signatory's name",
  gstRegistered: 'Registered for GST',
  remark: 'Remark',
  documentId: 'Document',
  documentKind: 'Document',
  applicationId: 'KYC application',
  panNumber: 'PAN',
  signatoryPanNumber: "Authorised signatory's PAN",
  aadharNumber: 'Aadhaar number',
  signatoryAadharNumber: "Authorised signatory's Aadhaar number",
  gstNumber: 'GSTIN',
  cinNumber: 'CIN',
  llpinNumber: 'LLPIN',
  profileName: 'Name',
  ifsc: 'IFSC',
  accountNumber: 'Account number',
  confirmAccountNumber: 'Account number (again)',
  accountHolderName: "Account holder's name",
  // returns
  forwardOrderId: 'Order',
  orderItemId: 'Product',
  subReason: 'Sub-reason',
  comment: 'Comment',
  photoFileIds: 'Photos',
  returnToKind: 'Return to',
  returnToId: 'Return to',
  qc: 'Quality check',
  qcChecks: 'Quality checks',
  checks: 'Quality checks',
  kind: 'Quality check',
  expected: 'Value to check',
  refundDecision: 'Refund decision',
  returnWindowDays: 'Return window (days)',
  autoApprove: 'Approve buyers’ requests automatically',
  defaultReturnTo: 'Default return-to address',
  buyerAddress: 'Buyer address',
  requestState: 'Request status',
  key: 'Tracking link',
  k: 'Tracking link',
  // delivery disputes
  description: 'Description',
  evidence: 'Evidence',
  note: 'Note',
  scalePhoto: 'Photo on the scale',
  lengthPhoto: 'Length photo',
  breadthPhoto: 'Breadth photo',
  heightPhoto: 'Height photo',
  productCategory: 'Product category',
  photos: 'Photos',
  platformBorne: 'Platform-borne',
  chargedWeightKg: 'Charged weight (kg)',
  hubPhotoUrl: 'Hub photo URL',
  status: 'Status',
  disputeId: 'Dispute',
  // bank accounts and terms
  bankAccountId: 'Bank account',
  requestKey: 'Request key',
  termsTitle: 'Title',
  termsContent: 'Terms text',
  // COD remittance
  utr: 'UTR',
  payoutId: 'Payout',
  payoutIds: 'Payouts',
  comments: 'Comments',
  paidOn: 'Paid on',
  holdReason: 'Hold reason',
  // the staff console
  staffRole: 'Staff role',
  managerId: 'Key account manager',
  actor: 'Staff member',
  entityKind: 'Entity',
  entityKey: 'Entity id',
  subscriptionType: 'Plan',
  validFrom: 'Valid from',
  validUntil: 'Valid until',
  monthlyPrice: 'Monthly price',
  bonusPercent: 'Bonus (%)',
  bonusFlat: 'Flat bonus',
  maxBonus: 'Maximum bonus',
  usageLimit: 'Usage cap',
  earlyCodDays: 'Early COD',
  acceptTerms: 'Early COD terms',
  payToWallet: 'Pay COD into my wallet',
  // team and plans
  role: 'Role',
  teamRoleId: 'Role',
  roleName: 'Role name',
  permissions: 'Permissions',
  plan: 'Plan',
  billingFrequency: 'Billing frequency',
  invitationToken: 'Invitation link',
  roleId: 'Role',
  sellerOrgId: 'Sub-seller',
  downgradeId: 'Downgrade request',
  subscriptionId: 'Subscription',
  // banners and release notes
  bannerMessage: 'Message',
  bannerTone: 'Tone',
  bannerLink: 'Link',
  startsAt: 'Starts',
  endsAt: 'Ends',
  targetPlans: 'Plans',
  bannerStatus: 'Status',
  noteTitle: 'Title',
  noteBody: 'Text',
  noteStatus: 'Status',
  releaseNoteIds: 'Release notes',
  // help desk
  subject: 'Subject',
  reference: 'Order or AWB',
  attachments: 'Attachments',
  message: 'Message',
  resolution: 'Resolution',
  priority: 'Priority',
  ticketHandledBy: 'Assignee',
  assignee: 'Assignee',
  breached: 'SLA breached',
  ticketId: 'Ticket',
  cannedReplyId: 'Canned reply',
  title: 'Title',
  // a seller's own rate card
  couriers: 'Couriers',
  zones: 'Zones',
  firstSlab: 'First 0.5 kg',
  nextSlab: 'Each further 0.5 kg',
  minChargeableKg: 'Minimum chargeable weight',
  codMinimum: 'COD minimum charge',
  codPercent: 'COD %',
  rtoPercent: 'RTO % of freight',
  // B2B freight: the quote's inputs
  originZone: 'Pickup region',
  destinationZone: 'Delivery region',
  boxes: 'Boxes',
  count: 'Number of boxes',
  invoiceValuePaise: 'Invoice value',
  freightPayer: 'Freight paid by',
  risk: 'Risk',
  appointment: 'Delivery appointment',
  oda: 'Out of delivery area',
  greenTax: 'Green-tax city',
  ewayBillNumber: 'E-way bill number',
  transDistance: 'Distance (km)',
  // B2B orders and their warehouses
  warehouseKind: 'Warehouse type',
  businessName: 'Business name',
  gstin: 'GSTIN',
  registrations: 'Carrier registrations',
  registeredName: 'Name registered with the carrier',
  originWarehouseId: 'Pickup warehouse',
  consigneeWarehouseId: 'Consignee warehouse',
  consignee: 'Consignee',
  goodsDescription: 'Description of goods',
  invoices: 'Invoices',
  invoiceNumber: 'Invoice number',
  invoiceDate: 'Invoice date',
  invoiceFileId: 'Invoice file',
  goods: 'Goods lines',
  goodsName: 'Goods',
  quantityUnit: 'Unit',
  taxableValuePaise: 'Taxable value',
  taxableValue: 'Taxable value (₹)',
  gstRate: 'GST rate (%)',
  handover: 'Handover',
  appointmentDate: 'Appointment date',
  slotStart: 'Slot from',
  slotEnd: 'Slot to',
  poNumbers: 'PO numbers',
  vehicleNumber: 'Vehicle number',
  overDimensional: 'Over-dimensional cargo',
  ewayBillDate: 'E-way bill date',
  extendReason: 'Reason for extension',
  extendRemarks: 'Remarks',
  currentPincode: 'Current pincode',
  currentPlace: 'Current place',
  currentState: 'Current state',
  transMode: 'Mode of transport',
  transportDocNumber: 'Transport document number',
  transportDocDate: 'Transport document date',
  fromPlace: 'From place',
  fromState: 'From state',
  remainingDistance: 'Distance left (km)',
  vehicleReason: 'Reason for the vehicle change',
  readyAt: 'Ready from',
  vehicleRemarks: 'Remarks',
  // the B2B orders' CSV columns (server/modules/uploads/b2b-orders.ts)
  orderReference: 'Order reference',
  originWarehouse: 'Pickup warehouse',
  consigneeWarehouse: 'Consignee warehouse',
  consigneeBusinessName: 'Consignee business name',
  consigneeGstin: 'Consignee GSTIN',
  consigneePhone: 'Consignee phone',
  consigneeEmail: 'Consignee email',
  consigneeAddressLine1: 'Consignee address line 1',
  consigneeAddressLine2: 'Consignee address line 2',
  consigneePincode: 'Consignee pincode',
  invoiceValue: 'Invoice value (₹)',
  // COD order verification
  verificationScope: 'Which COD orders to verify',
  minOrderValueRupees: 'Order value above (₹)',
  riskyPincodes: 'Risky pincodes',
  minPastRtos: 'Buyer’s past RTOs with you',
  minRiskBand: 'Verify by RTO risk',
  waitHours: 'Wait for an answer (hours)',
  afterWait: 'If the buyer does not answer',
  offerPrepaid: 'Offer to pay now',
  cancelReason: 'Reason',
  codVerificationFilter: 'COD verification',
  riskBandFilter: 'RTO risk',
  // report columns: the headers of a report's workbook and CSV (docs/decisions/reports.md)
  courierName: 'Courier',
  statusText: 'Status',
  paymentType: 'Payment',
  bookedOn: 'Booked on',
  deliveredOn: 'Delivered on',
  shippingZone: 'Zone',
  freightCharge: 'Freight (₹)',
  codCharge: 'COD charge (₹)',
  rtoCharge: 'RTO charge (₹)',
  gstCharge: 'GST (₹)',
  totalCharged: 'Total charged (₹)',
  codAmountRupees: 'COD amount (₹)',
  orderTotal: 'Order total (₹)',
  entryDate: 'Date',
  entryType: 'Type',
  entryReference: 'Reference',
  debitAmount: 'Debit (₹)',
  creditAmount: 'Credit (₹)',
  balanceAfter: 'Balance (₹)',
  payoutDate: 'Payout date',
  payoutStatus: 'Payout status',
  paidTo: 'Paid to',
  remittedOn: 'Remitted on',
  payoutLine: 'Line',
  remittedAmount: 'Amount (₹)',
  earlyCodFee: 'Early COD fee (₹)',
  deductionsAmount: 'Deductions (₹)',
  buyerAdvance: 'Buyer’s advance (₹)',
  advancePaymentId: 'Advance payment id',
  ndrNumber: 'NDR number',
  ndrReason: 'NDR reason',
  courierRemark: 'Courier’s remark',
  raisedOn: 'Raised on',
  answerBy: 'Answer by',
  actionTaken: 'Action taken',
  rtoStage: 'RTO stage',
  rtoInitiatedOn: 'RTO initiated on',
  rtoDeliveredOn: 'Returned to you on',
  codFeeRefund: 'COD fee refunded (₹)',
  acknowledgement: 'Your acknowledgement',
  returnNumber: 'Return number',
  returnCreatedOn: 'Created on',
  itemCount: 'Items',
  returnValue: 'Value (₹)',
  qcResult: 'Quality check',
  exchangeOrder: 'Exchange order',
  declaredWeight: 'Your charged weight (kg)',
  courierWeight: 'Courier’s charged weight (kg)',
  weightDifference: 'Difference (kg)',
  discrepancyAmount: 'Amount (₹)',
  shipmentCount: 'Shipments',
  deliveredCount: 'Delivered',
  deliveredShare: 'Delivered %',
  ndrCount: 'With NDR',
  ndrShare: 'NDR %',
  rtoCount: 'RTO',
  rtoShare: 'RTO %',
  averageDays: 'Average days to deliver',
  netAmount: 'Net (₹)',
  ndrState: 'NDR status',
  // the custom report builder's form (docs/decisions/reports.md, custom reports)
  dataset: 'Data set',
  columns: 'Columns',
  groupBy: 'Group by',
  aggregates: 'Totals',
  sort: 'Sort',
  preset: 'Period',
  recipients: 'Send to',
  hourIst: 'Hour (IST)',
  weekday: 'Day of the week',
  monthDay: 'Day of the month',
  schedule: 'Schedule',
  active: 'Active',
  op: 'Comparison',
  values: 'Values',
  fn: 'Figure',
};

const ACRONYMS: Record<string, string> = {
  url: 'link',
  id: 'id',
  awb: 'AWB',
  otp: 'OTP',
  sku: 'SKU',
  cod: 'COD',
  rto: 'RTO',
  hsn: 'HSN',
  gst: 'GST',
  ip: 'IP',
};

/** The label of a field key: from the table, else its words ("someNewField" → "Some new field"). */
/**
 * A table's own entry for `key`, never one an object inherits: a request names keys of its own
 * ("toString", "constructor"), which a plain lookup would answer with a function.
 */
const ownEntry = (table: Record<string, string>, key: string): string | undefined =>
  Object.hasOwn(table, key) ? table[key] : undefined;

export function fieldLabel(key: string): string {
  const known = ownEntry(FIELD_LABELS, key);
  if (known) return known;
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_]+/)
    .filter(Boolean)
    .map((w) => ownEntry(ACRONYMS, w.toLowerCase()) ?? w.toLowerCase());
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A field key at the start of a message: "productName must…", "orderIds: …", "items.0.sku: …". */
const LEADING_KEY = /^([a-z][A-Za-z0-9]*)((?:\.[A-Za-z0-9]+)*)(?=[ :]|$)/;

/** The key that names a field at the start of a message, when it is one (camelCase or a known key). */
function leadingKey(message: string): { key: string; whole: string } | null {
  const m = LEADING_KEY.exec(message);
  if (!m) return null;
  const segments = [m[1], ...m[2].split('.').filter(Boolean)];
  const last = [...segments].reverse().find((s) => !/^\d+$/.test(s)) ?? m[1];
  const isKey = (s: string) => Object.hasOwn(FIELD_LABELS, s) || /[a-z][A-Z]/.test(s);
  if (!isKey(m[1]) && !(m[2] && isKey(last))) return null;
  return { key: last, whole: m[0] };
}

/**
 * A message in the seller's words: a leading field key becomes its label ("productName must be 3
 * to 100 characters" → "Product name must be 3 to 100 characters"; "items.0.sku: …" → "SKU: …").
 * A message that already starts with a label or a sentence is left as it is.
 */
export function inSellerWords(message: string): string {
  const found = leadingKey(message);
  if (!found) return message;
  const label = fieldLabel(found.key);
  let rest = message.slice(found.whole.length);
  // "Product name: Product name must…" reads twice; keep one
  if (rest.startsWith(': ') && rest.slice(2).toLowerCase().startsWith(label.toLowerCase()))
    rest = rest.slice(2 + label.length);
  return `${label}${rest}`;
}

/** The field key a message names, by key or label, among a form's fields (for showing it under that field). */
export function fieldOfMessage(message: string, fields: readonly string[]): string | undefined {
  const lower = message.toLowerCase();
  return (
    fields.find((f) => message.startsWith(`${f}:`) || message.startsWith(`${f} `)) ??
    fields.find((f) => lower.startsWith(fieldLabel(f).toLowerCase())) ??
    fields.find((f) => lower.includes(f.toLowerCase()))
  );
}

const EXPECTED: Record<string, string> = {
  number: 'must be a number',
  string: 'must be text',
  boolean: 'must be true or false',
  Array: 'must be a list',
  Object: 'must be an object',
};

/**
 * A validation issue in the seller's words, naming its field by label: the server's 400 and the
 * message under a form field are this one text.
 */
export function issueText(issue: { message: string; path?: readonly { key: unknown }[] }): string {
  const keys = issue.path?.map((p) => String(p.key)) ?? [];
  const key = [...keys].reverse().find((k) => !/^\d+$/.test(k));
  if (!key) return inSellerWords(issue.message);
  const label = fieldLabel(key);
  if (issue.message.startsWith('Invalid type: Expected undefined')) return `${label} is not allowed`;
  // a key that is absent altogether: say so in words rather than valibot's phrasing
  if (issue.message.startsWith('Invalid key:')) return `${label} is required`;
  if (issue.message.startsWith('Invalid type: Expected ') && issue.message.endsWith('received undefined'))
    return `${label} is required`;
  if (issue.message.startsWith('Invalid type: Expected ')) {
    const expected = /^Invalid type: Expected (\w+)/.exec(issue.message)?.[1] ?? '';
    return `${label} ${ownEntry(EXPECTED, expected) ?? 'has the wrong type'}`;
  }
  // the catalogue's bare 'required' reads as a sentence with the label
  if (/^required$/i.test(issue.message)) return `${label} is required`;
  const message = inSellerWords(issue.message);
  // a message that already names the field (the catalogue's 'Invalid email') stays as written
  return message.toLowerCase().includes(label.toLowerCase()) ? message : `${label}: ${message}`;
}

/** Every issue of a form at once, in the seller's words, keyed by its path ('footerConfig.instagramUrl'; '' for the whole form). */
export function issuesByPath(
  issues: readonly { message: string; path?: readonly { key: unknown }[] }[],
): Record<string, string> {
  const byPath: Record<string, string> = {};
  for (const issue of issues) {
    const path = (issue.path ?? []).map((p) => String(p.key)).join('.');
    byPath[path] ??= issueText(issue);
  }
  return byPath;
}
