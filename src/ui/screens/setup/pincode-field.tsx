import { useEffect, useState } from 'react';
import { API_SETUP, type PincodeInfo } from '../../../domain/setup-contract';
import { call } from '../../../services/call';
import { useHttp } from '../../../services/screen-services';
import { TextField } from '../../kit';

// A pincode input that shows the city and state from the bundled pincode data as soon as six
// digits are in, or says the pincode is unknown.

export function PincodeField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (v: string) => void;
  error?: string;
}) {
  const http = useHttp();
  const [place, setPlace] = useState<PincodeInfo | null>(null);
  const [unknown, setUnknown] = useState(false);
  useEffect(() => {
    setPlace(null);
    setUnknown(false);
    if (!/^[1-9]\d{5}$/.test(value)) return;
    let live = true;
    call(http, API_SETUP.pincode, { params: { pincode: value } }).then(
      (p) => live && setPlace(p),
      () => live && setUnknown(true),
    );
    return () => {
      live = false;
    };
  }, [value, http]);
  return (
    <TextField
      label="Pincode"
      inputMode="numeric"
      maxLength={6}
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
      error={error ?? (unknown ? `Unknown pincode ${value}` : null)}
      hint={place ? `${place.city}, ${place.state}` : 'City and state fill in from the pincode'}
    />
  );
}
