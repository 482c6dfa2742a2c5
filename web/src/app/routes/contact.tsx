import { Link } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { Prose } from '@/components/layout/prose';
import { paths } from '@/config/paths';
import { SupportForm } from '@/features/support/components/support-form';

export default function ContactRoute() {
  return (
    <Page
      title="Contact us"
      width="narrow"
      intro={
        <p>
          A question about an order, your account or our books? Write to us and a person on our team will answer by
          email.
        </p>
      }
    >
      <Prose>
        <p>
          Many answers are already in the <Link to={paths.supportCenter}>Support Center</Link>.
        </p>
      </Prose>
      <SupportForm formType="Contact" title="Send us a message" />
    </Page>
  );
}
