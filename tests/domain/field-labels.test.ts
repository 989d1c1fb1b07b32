import { describe, expect, it } from 'vitest';
import { fieldLabel, issueText } from '../../src/domain/schemas/labels';

// A request may name any key it likes. The words for a field come from the product's own tables,
// never from what every object inherits ("toString", "constructor"), which is a function.
describe('field labels of keys a request chose', () => {
  it('names a key that an object inherits as words, as any unknown key', () => {
    expect(fieldLabel('toString')).toBe('To string');
    expect(fieldLabel('constructor')).toBe('Constructor');
    expect(fieldLabel('hasOwnProperty')).toBe('Has own property');
    expect(fieldLabel('__proto__')).toBe('Proto');
    expect(fieldLabel('valueOf')).toBe('Value of');
  });

  it('still names the known fields by their labels', () => {
    expect(fieldLabel('firstName')).toBe('First name');
  });

  it('words an issue under such a key as text, naming it', () => {
    const issue = { message: 'filters must be text values', path: [{ key: 'filters' }, { key: 'toString' }] };
    expect(issueText(issue)).toBe('To string: Filters must be text values');
    expect(
      issueText({ message: 'Invalid type: Expected string but received Array', path: [{ key: 'constructor' }] }),
    ).toBe('Constructor must be text');
    expect(issueText({ message: 'Invalid type: Expected toString but received 1', path: [{ key: 'x' }] })).toBe(
      'X has the wrong type',
    );
  });
});
