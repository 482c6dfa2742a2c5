import { Page } from '@/components/layout/page';
import { Prose } from '@/components/layout/prose';

export default function TermsOfUseRoute() {
  return (
    <Page title="Terms of Use" width="narrow">
      <Prose>
        <p>
          These terms apply when you use the Inkwell store and reader. By creating an account or placing an order
          you agree to them.
        </p>
        <h2>Your account</h2>
        <p>Keep your login details to yourself. You are responsible for what happens in your account.</p>
        <h2>Digital comics</h2>
        <p>
          Digital comics you buy are licensed for your personal reading in the Inkwell reader. They may not be copied,
          shared or resold. Digital purchases are not available in Japan.
        </p>
        <h2>Orders</h2>
        <p>
          Prices are shown before you pay; taxes and shipping are determined at checkout. Your order confirmation is
          sent by email.
        </p>
      </Prose>
    </Page>
  );
}
