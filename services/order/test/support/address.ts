/** A US address that passes the spec's rules. */
export function address(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Ada',
    surName: 'Lovelace',
    companyName: null,
    country: 'US',
    address: '1 Main Street',
    locality: 'Beverly Hills',
    postalCode: '90210',
    administrativeArea: 'CA',
    phoneNumber: '+1 310 555 0100',
    email: 'ada@example.com',
    ...overrides,
  };
}
