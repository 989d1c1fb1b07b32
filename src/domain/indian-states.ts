import type { IndianState } from './api';

/** States and union territories with their GST state codes. */
export const INDIAN_STATES: readonly IndianState[] = [
  ['JK', 'Jammu and Kashmir', '01'], ['HP', 'Himachal Pradesh', '02'], ['PB', 'Punjab', '03'],
  ['CH', 'Chandigarh', '04'], ['UK', 'Uttarakhand', '05'], ['HR', 'Haryana', '06'], ['DL', 'Delhi', '07'],
  ['RJ', 'Rajasthan', '08'], ['UP', 'Uttar Pradesh', '09'], ['BR', 'Bihar', '10'], ['SK', 'Sikkim', '11'],
  ['AR', 'Arunachal Pradesh', '12'], ['NL', 'Nagaland', '13'], ['MN', 'Manipur', '14'], ['MZ', 'Mizoram', '15'],
  ['TR', 'Tripura', '16'], ['ML', 'Meghalaya', '17'], ['AS', 'Assam', '18'], ['WB', 'West Bengal', '19'],
  ['JH', 'Jharkhand', '20'], ['OD', 'Odisha', '21'], ['CG', 'Chhattisgarh', '22'], ['MP', 'Madhya Pradesh', '23'],
  ['GJ', 'Gujarat', '24'], ['DH', 'Dadra and Nagar Haveli and Daman and Diu', '26'], ['MH', 'Maharashtra', '27'],
  ['KA', 'Karnataka', '29'], ['GA', 'Goa', '30'], ['LD', 'Lakshadweep', '31'], ['KL', 'Kerala', '32'],
  ['TN', 'Tamil Nadu', '33'], ['PY', 'Puducherry', '34'], ['AN', 'Andaman and Nicobar Islands', '35'],
  ['TS', 'Telangana', '36'], ['AP', 'Andhra Pradesh', '37'], ['LA', 'Ladakh', '38'],
].map(([code, name, gstCode]) => ({ code, name, gstCode }));
