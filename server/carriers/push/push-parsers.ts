import { parseDelhiveryPush } from '../delhivery/scan-push';
import { parseShadowfaxPush } from '../shadowfax/scan-push';
import { parseEkartPush } from '../ekart/track-push';
import { parseGenericPush } from './generic-push';
import { isRecord, type PushParser } from './push-parser';

// Which push shape each courier sends: its own where it is known, else Dakiya's generic shape.
// A courier whose push format is written adds one line here.

const PUSH_PARSERS: Readonly<Record<string, PushParser>> = {
  DE: parseDelhiveryPush,
  DEHW: parseDelhiveryPush,
  DEMW: parseDelhiveryPush,
  SF: parseShadowfaxPush,
  // Ekart's track_updated; its sandbox still sends the generic shape
  EK: (body) => (isRecord(body) && 'scans' in body ? parseGenericPush(body) : parseEkartPush(body)),
};

export const pushParserOf = (carrierCode: string): PushParser => PUSH_PARSERS[carrierCode] ?? parseGenericPush;
