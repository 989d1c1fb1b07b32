import type { AppConfig } from '../../../src/domain/account-contract';
import type { Config } from '../../config';
import { SITE_CODE } from '../../../src/domain/constants';

export function appConfig(config: Config): AppConfig {
  return {
    CHANNEL_URL: `${config.publicUrl}/api/v1/channels`,
    CARRIER_PUBLIC_URL: `${config.publicUrl}/tracking`,
    SITE_CODE,
  };
}
