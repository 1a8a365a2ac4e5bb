/** A small, fictitious `settings/site.yaml` for unit tests of the helpers that read the settings. */
import type { Settings } from '../../../src/schemas/site';

export const testSettings = {
  brand: 'Agence Test',
  email: 'a@b.fr',
  phone: { display: '04 91 00 00 00', e164: '+33491000000' },
  address: {
    street: '1 rue A',
    postalCode: '13001',
    city: 'Marseille',
    region: 'PACA',
    country: 'FR',
  },
  figures: { roi: '300 %', responseContact: '2 h' },
  legal: {
    companyName: 'Test & Fils SAS',
    legalForm: 'SAS',
    siret: '123',
    director: 'Jeanne Test',
    host: 'Hébergeur',
    hostAddress: 'Paris',
    lastUpdated: 'janvier 2024',
  },
} as unknown as Settings;
