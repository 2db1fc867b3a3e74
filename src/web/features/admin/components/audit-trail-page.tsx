import { useId, useState, type FormEvent } from 'react';
import type { AuditEntry } from '../../../../shared/contract/audit';
import type { AuditGroup } from '../../../../shared/audit-actions';
import { formatDateTime } from '../../../../shared/dates';
import { TabbedList, type ListTab } from '../../../components/admin-list/tabbed-list';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { toast } from '../../../stores/toast-store';
import { checkAudit, exportAuditCsv, listAudit, type AuditListFilters } from '../api/admin-api';
import '../admin.css';

export const AUDIT_TEXT = {
  title: 'Audit trail',
  intro:
    'Every admin action and every action that moves money, newest first: who, when, from where, and the values before and after. Nobody can change or remove an entry.',
  tabsLabel: 'Kinds of action',
  noun: 'entries',
  tabs: { all: 'All', money: 'Money', people: 'People and security', causes: 'Causes and mail' },
  empty: 'Nothing recorded yet for this filter.',
  personLabel: 'Person (email or id)',
  causeLabel: 'Cause id',
  apply: 'Apply filters',
  download: 'Download CSV',
  downloading: 'Preparing...',
  check: 'Check the chain',
  checking: 'Checking...',
  intact: (rows: number) => `The chain is whole: ${rows} entries, none changed or missing.`,
  broken: (n: number) => `The chain is broken: ${n} problem${n === 1 ? '' : 's'} found.`,
  by: 'by',
  about: 'about',
  system: 'the system',
  from: 'from',
  before: 'Before',
  after: 'After',
  cause: 'Cause',
} as const;

const TABS: ListTab<AuditGroup | 'all'>[] = (['all', 'money', 'people', 'causes'] as const).map((status) => ({
  status,
  label: AUDIT_TEXT.tabs[status],
  empty: AUDIT_TEXT.empty,
}));

const show = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value, null, 1));

function Entry({ e }: { e: AuditEntry }) {
  return (
    <li className="flagged-item">
      <div className="flagged-item__top">
        <strong>{e.action}</strong>
        <time dateTime={e.at}>{formatDateTime(e.at)}</time>
      </div>
      <p className="mail-meta">
        #{e.seq} {AUDIT_TEXT.by} {e.actor ? `${e.actor.name || e.actor.email} (${e.actor.email})` : AUDIT_TEXT.system}
        {e.subject ? ` · ${AUDIT_TEXT.about} ${e.subject.email}` : ''} · {AUDIT_TEXT.from} {e.ip || '—'}, {e.device}
        {e.cause_id ? ` · ${AUDIT_TEXT.cause} ${e.cause_id}` : ''}
      </p>
      <dl className="audit-entry__values">
        <dt>{AUDIT_TEXT.before}</dt>
        <dd>{show(e.before)}</dd>
        <dt>{AUDIT_TEXT.after}</dt>
        <dd>{show(e.after)}</dd>
      </dl>
    </li>
  );
}

/** /adminaudit: the audit trail by kind of action, narrowed to a person or a cause, as CSV, and its chain checked. */
export function AuditTrailPage() {
  useDocumentTitle(AUDIT_TEXT.title);
  const id = useId();
  const [person, setPerson] = useState('');
  const [cause, setCause] = useState('');
  const [applied, setApplied] = useState({ person: '', cause: '' });
  const [version, setVersion] = useState(0);
  const [group, setGroup] = useState<AuditGroup | 'all'>('all');
  const [busy, setBusy] = useState<'csv' | 'check' | null>(null);
  const [verdict, setVerdict] = useState<string | null>(null);
  const filters: AuditListFilters = { group, ...applied };

  function onApply(event: FormEvent) {
    event.preventDefault();
    setApplied({ person, cause });
    setVersion((v) => v + 1);
  }

  async function download() {
    setBusy('csv');
    try {
      const url = URL.createObjectURL(await exportAuditCsv(filters));
      const link = document.createElement('a');
      link.href = url;
      link.download = 'boafo-audit.csv';
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  async function check() {
    setBusy('check');
    try {
      const result = await checkAudit();
      setVerdict(result.ok ? AUDIT_TEXT.intact(result.rows) : AUDIT_TEXT.broken(result.problems.length));
    } catch (error) {
      setVerdict(errorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="admin-page">
      <h1>{AUDIT_TEXT.title}</h1>
      <p className="lead">{AUDIT_TEXT.intro}</p>
      <form className="audit-filters" onSubmit={onApply}>
        <div className="field">
          <label htmlFor={`${id}-person`}>{AUDIT_TEXT.personLabel}</label>
          <input id={`${id}-person`} maxLength={254} value={person} onChange={(e) => setPerson(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-cause`}>{AUDIT_TEXT.causeLabel}</label>
          <input id={`${id}-cause`} maxLength={100} value={cause} onChange={(e) => setCause(e.target.value)} />
        </div>
        <button type="submit" className="button button--secondary">
          {AUDIT_TEXT.apply}
        </button>
        <button type="button" className="button button--secondary" disabled={busy !== null} onClick={() => void download()}>
          {busy === 'csv' ? AUDIT_TEXT.downloading : AUDIT_TEXT.download}
        </button>
        <button type="button" className="button button--secondary" disabled={busy !== null} onClick={() => void check()}>
          {busy === 'check' ? AUDIT_TEXT.checking : AUDIT_TEXT.check}
        </button>
      </form>
      {verdict ? <p role="status">{verdict}</p> : null}
      <TabbedList
        tabs={TABS}
        idPrefix="audit"
        label={AUDIT_TEXT.tabsLabel}
        noun={AUDIT_TEXT.noun}
        listClassName="flagged-list"
        version={version}
        load={(status, page, signal) => {
          if (status !== group) setGroup(status);
          return listAudit({ ...filters, group: status }, page, signal);
        }}
      >
        {(e) => <Entry key={e.seq} e={e} />}
      </TabbedList>
    </div>
  );
}
