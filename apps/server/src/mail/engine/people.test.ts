import { describe, expect, it } from 'vitest';
import { companyFromDomain, isFreeMail, organisationLabel } from './people.ts';

describe('free-mail and ISP domains', () => {
  it.each([
    // Issue 16: these became companies ("Caramail", "Compuserve", "Bigfoot").
    'caramail.com',
    'compuserve.com',
    'bigfoot.com',
    'gmail.com',
    'aol.com',
    'earthlink.net',
    'juno.com',
    'pacbell.net',
    'swbell.net',
    'mindspring.com',
    'yahoo.co.uk',
    'wanadoo.fr',
    // A host under a listed domain.
    'houston.rr.com',
    'email.msn.com',
    'worldnet.att.net',
    'GMAIL.COM',
  ])('%s is free mail', (domain) => {
    expect(isFreeMail(domain)).toBe(true);
  });

  it.each(['enron.com', 'eei.org', 'rice.edu', 'iirltd.co.uk', 'mail.acme.co.uk', 'riskwaters.com'])('%s is not', (domain) => {
    expect(isFreeMail(domain)).toBe(false);
  });
});

describe('the organisation a domain names', () => {
  it.each([
    ['enron.com', 'Enron'],
    ['mailman.enron.com', 'Enron'],
    // The Public Suffix List knows co.uk, or.jp and ca: the label before the suffix is the organisation.
    ['mail.acme.co.uk', 'Acme'],
    ['iirltd.co.uk', 'Iirltd'],
    ['exchange.commerce.ubc.ca', 'UBC'],
    ['ualberta.ca', 'Ualberta'],
    ['mba02.bus.utexas.edu', 'Utexas'],
    // Short labels are acronyms (issue 16: "Eei"); hyphenated names keep both capitals.
    ['eei.org', 'EEI'],
    ['listserver.eei.org', 'EEI'],
    ['uh.edu', 'UH'],
    ['mi6.co.uk', 'MI6'],
    ['edgar-online.com', 'Edgar-Online'],
    // Free mail and ISPs name no employer (issue 16: "Caramail", "Compuserve", "Bigfoot").
    ['caramail.com', null],
    ['compuserve.com', null],
    ['bigfoot.com', null],
    ['austin.rr.com', null],
    // A US locality domain (issue 16: "Ca" from energy.state.ca.us) names a place, not an organisation.
    ['energy.state.ca.us', null],
    ['ci.houston.tx.us', null],
    // No registrable domain: Lotus Notes routing names and bare suffixes.
    ['enron', null],
    ['co.uk', null],
    ['', null],
  ])('%s → %s', (domain, company) => {
    expect(companyFromDomain(domain)).toBe(company);
  });

  it('gives the bare label to compare with signature lines', () => {
    expect(organisationLabel('mail.acme.co.uk')).toBe('acme');
    expect(organisationLabel('riskwaters.com')).toBe('riskwaters');
    expect(organisationLabel('hotmail.com')).toBeNull();
  });
});
