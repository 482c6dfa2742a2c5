import { Page } from '@/components/layout/page';
import { Prose } from '@/components/layout/prose';

export default function PrivacyPolicyRoute() {
  return (
    <Page title="Privacy Policy" width="narrow">
      <Prose>
        <p>
          <strong>We do not sell your personal information.</strong>
        </p>
        <h2>What we keep</h2>
        <ul>
          <li>Your account: email address, settings and the comics in your library, with your reading progress.</li>
          <li>Your orders: what you bought, and the billing and shipping addresses needed to deliver it.</li>
          <li>How the store is used, such as pages viewed and searches made, if you allow analytics cookies.</li>
        </ul>
        <h2>What your browser keeps</h2>
        <p>
          Your browser stores your login, an anonymous id for your cart and your answer to the cookie banner, so you
          stay signed in and your cart is still there when you come back.
        </p>
      </Prose>
    </Page>
  );
}
