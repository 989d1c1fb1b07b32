// The request and answer shapes of Gati's public web services (JSP endpoints under
// https://justi.gati.com/webservices/, UAT https://pg-uat.gati.com/pickupservices/), from the
// public integrations couriers.md A11 cites. ⚠ Gati publishes no open document: each shape below
// is what those integrations send and read; check it against the account's API guide.

/** GET GKEdktdownloadjson.jsp?p1=<encoded customer code>: one new docket (the LR). */
export interface GtDocketAnswer {
  docketNo?: string | number;
  result?: string;
  errmsg?: string;
}

/** GET Custpkgseries.jsp?p1=<docket>&p2=<boxes>&p3=<encoded customer code>&p4=<consignee pincode> */
export interface GtPackageSeriesAnswer {
  result: string;
  docketNo?: string | number;
  /** the first and last package number of the docket's range, one a box */
  frmNo?: string | number;
  toNo?: string | number;
  sErrMsg?: string;
}

/** One box of the booking (dimensions in the unit `UOM` names, weight in kg). */
export interface GtPackage {
  pkgNo: string;
  pkgLn: number;
  pkgBr: number;
  pkgHt: number;
  pkgWt: number;
  custPkgNo: string;
}

/** One docket of POST GATIKWEJPICKUPLBH.jsp. */
export interface GtDocketDetails {
  docketNo: string;
  orderNo: string;
  actualWt: number;
  chargedWt: number;
  bookingBasis: string;
  prodServCode: string;
  goodsCode: string;
  goodsDesc: string;
  /** rupees */
  declCargoVal: number;
  noOfPkgs: string;
  fromPkgNo: string;
  toPkgNo: string;
  pkgDetails: { pkginfo: GtPackage[] };
  shipperCode: string;
  custVendCode: string;
  receiverCode: string;
  receiverName: string;
  receiverAdd1: string;
  receiverAdd2: string;
  receiverAdd3: string;
  receiverAdd4: string;
  receiverCity: string;
  receiverPinCode: string;
  receiverMobileNo: string;
  receiverEmail: string;
  codAmt: string;
  codInFavourOf: string;
  consignorGSTINNo: string;
  ReceiverGSTINNo: string;
  CustDeliveyDate: string;
  /** the e-way bill numbers of the docket's invoices */
  EWAYBILL: string;
  /** dd-mm-yyyy */
  EWB_EXP_DT: string;
  UOM: string;
}

/** POST GATIKWEJPICKUPLBH.jsp: the booking, which is also the pickup request. */
export interface GtBookingRequest {
  custCode: string;
  /** dd-mm-yyyy HH:MM:SS (IST) */
  pickupRequest: string;
  details: GtDocketDetails[];
}

/** ⚠ The booking's answer: the public integrations read only HTTP 200; a docket's result and errmsg. */
export interface GtBookingAnswer {
  requid?: string;
  result?: string;
  errmsg?: string;
  details?: { docketNo: string; result: string; errmsg?: string }[];
}

/** One event of GatiKWEDktJTrack.jsp, newest first: date DD-MON-YYYY and time HH:MM in IST. */
export interface GtTransitEvent {
  INTRANSIT_DATE: string;
  INTRANSIT_TIME: string;
  INTRANSIT_LOCATION: string;
  INTRANSIT_STATUS: string;
  INTRANSIT_STATUS_CODE: string;
  REASON_CODE: string;
  REASON_DESC: string;
}

export interface GtDocketInfo {
  dktno: string;
  result: string;
  DOCKET_NUMBER?: string;
  DOCKET_STATUS?: string;
  NO_OF_PKGS?: string;
  /** ⚠ boxes delivered so far, on a part delivery (no public sample shows it) */
  NO_OF_PKGS_DELIVERED?: string;
  TRANSIT_DTLS?: GtTransitEvent[];
  errmsg?: string;
}

/** GET GatiKWEDktJTrack.jsp?p1=<docket>&p2=<key> */
export interface GtTrackAnswer {
  Gatiresponse?: { requid?: string; dktinfo?: GtDocketInfo[] };
}
