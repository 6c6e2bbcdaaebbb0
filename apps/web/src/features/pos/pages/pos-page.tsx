import { useQuery } from '@tanstack/react-query';
import { currentPosSessionQueryOptions } from '../../../api/pos';
import { messageOf } from '../../../lib/api-client';
import { OpenSession } from '../components/open-session';
import { Till } from '../components/till';
import './pos-page.css';

/** The till: open the session, scan, take the payments, print the receipt, close with the report. */
export function Component() {
  const session = useQuery(currentPosSessionQueryOptions());
  if (session.isError)
    return (
      <div role="alert" className="pos">
        {messageOf(session.error, 'Não foi possível carregar o caixa.')}{' '}
        <button type="button" className="pos-big" onClick={() => void session.refetch()}>
          Tentar de novo
        </button>
      </div>
    );
  if (session.data === undefined) return <p className="pos">Carregando o caixa…</p>;
  if (session.data === null) return <OpenSession />;
  return <Till key={session.data.id} session={session.data} />;
}
