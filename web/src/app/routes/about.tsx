import { Link } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { Prose } from '@/components/layout/prose';
import { paths } from '@/config/paths';

export default function AboutRoute() {
  return (
    <Page title="About Inkwell" documentTitle="About" width="narrow">
      <Prose>
        <p>
          Inkwell is the online store and reader of a comics and manga publisher. Here you can buy our books in print
          and digital, read free chapters right in your browser, and keep your comics together in one library.
        </p>
        <h2>Print and digital</h2>
        <p>
          Print editions ship to your door and can be ordered in any quantity. Digital editions open instantly in the
          Inkwell reader on your phone, tablet or computer.
        </p>
        <h2>Free to start reading</h2>
        <p>
          Many series have free chapters for everyone, and a free <Link to={paths.accountBenefits}>Reader account</Link>{' '}
          unlocks more of them, along with a library that remembers where you stopped reading on every device.
        </p>
      </Prose>
    </Page>
  );
}
