import { Link } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { Prose } from '@/components/layout/prose';
import { paths } from '@/config/paths';
import { SupportForm } from '@/features/support/components/support-form';

export default function SupportCenterRoute() {
  return (
    <Page title="Support Center" intro={<p>Answers to the questions readers ask us most.</p>} width="narrow">
      <Prose>
        <h2>Where are the comics I bought?</h2>
        <p>
          Digital comics you buy or start reading are in <Link to={paths.library}>My Comics</Link>. Log in with the
          same email address you used at checkout to see them.
        </p>
        <h2>Can I read on more than one device?</h2>
        <p>Yes. Log in on each device and your library and reading progress follow you.</p>
        <h2>Can I buy digital comics from anywhere?</h2>
        <p>
          Digital purchases are not available in Japan. Some series are only sold in certain regions; those pages
          say so.
        </p>
        <h2>Where is my order confirmation?</h2>
        <p>
          We email it to the address you entered at checkout. If it isn't in your inbox, check your spam folder.
        </p>
      </Prose>
      <SupportForm formType="Support" title="Still need help?" intro="Tell us what happened and we will answer by email." />
    </Page>
  );
}
