// An operation's id in the OpenAPI document, derived from its route so generated clients get
// method names without a second list: the method's verb, then the path's words after the API base,
// with a trailing parameter as "By<Name>" (GET /api/v1/orders/:orderId → getOrdersByOrderId,
// POST /api/v1/orders/:orderId/ship → postOrdersShip, GET /api/v1/orders/export → getOrdersExport).

const VERBS: Record<string, string> = { get: 'get', post: 'post', put: 'put', patch: 'patch', delete: 'delete' };

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** 'refresh-token' → ['refresh', 'token']; 'generateOtp' → ['generate', 'Otp']; 'sample.csv' → ['sample', 'csv'] */
const words = (segment: string) => segment.split(/[^A-Za-z0-9]+|(?=[A-Z][a-z])/).filter(Boolean);

export function operationIdFor(method: string, honoPath: string): string {
  // a later version of a call keeps its name with the version after it (getTrackingByTrackingRefV2)
  const version = Number(/^\/(?:api|rest)\/v(\d+)\//.exec(honoPath)?.[1] ?? 1);
  const segments = honoPath
    .replace(/^\/(api|rest)\/v\d+(?=\/)/, '')
    .split('/')
    .filter(Boolean);
  const parts = segments.map((s, i) => {
    const param = s.match(/^:([A-Za-z0-9_]+)/);
    if (!param) return words(s).map(capitalised).join('');
    // a parameter names the thing only at the end (…/orders/:orderId); inside a path the words around it do
    return i === segments.length - 1 ? `By${capitalised(param[1])}` : '';
  });
  const verb = VERBS[method];
  if (!verb) throw new Error(`No verb for method ${method}`);
  return verb + parts.join('') + (version > 1 ? `V${version}` : '');
}
