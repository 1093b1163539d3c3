import { LegalPage } from './LegalPage.tsx';

export function AgreementPage() {
  return (
    <LegalPage title="Customer agreement" updated="1 November 2026">
      <h2>1. Services</h2>
      <p>
        The provider makes cloud services available to the customer: virtual machines, backup,
        networking, storage, monitoring, licences, endpoint security and phishing prevention, as
        ordered through this portal or a separate order form.
      </p>
      <h2>2. Accounts</h2>
      <p>
        The customer keeps its credentials confidential and is responsible for what is done with its
        accounts. Administrators of the customer decide who may act for it.
      </p>
      <h2>3. Fees</h2>
      <p>
        Fees follow the price list in force when a service is ordered. Proof-of-concept services are
        free of charge for the agreed trial period and come with trial limits.
      </p>
      <h2>4. Data</h2>
      <p>
        Customer data stays the customer's. The provider processes it only to deliver the services
        and keeps an audit log of administrative actions.
      </p>
    </LegalPage>
  );
}

export function TermsPage() {
  return (
    <LegalPage title="Terms of managed services" updated="1 November 2026">
      <h2>1. Scope</h2>
      <p>
        Managed services cover the operation of the customer's virtual machines and security
        subscriptions within the service levels of the order.
      </p>
      <h2>2. Changes</h2>
      <p>
        Changes made through the portal take effect as background tasks; the portal reports each
        task's outcome.
      </p>
      <h2>3. Support</h2>
      <p>Support requests are answered within the response times of the customer's support plan.</p>
    </LegalPage>
  );
}

export function AcceptableUsePage() {
  return (
    <LegalPage title="Acceptable use policy" updated="1 November 2026">
      <h2>1. No abuse</h2>
      <p>
        Do not use the services to send unsolicited e-mail, attack other networks, or host unlawful
        content.
      </p>
      <h2>2. Security testing</h2>
      <p>Security testing of the provider's platform needs the provider's written consent.</p>
      <h2>3. Enforcement</h2>
      <p>
        The provider may suspend a service that breaches this policy, after notice where possible.
      </p>
    </LegalPage>
  );
}
