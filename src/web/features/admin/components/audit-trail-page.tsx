import { useId, useState, type FormEvent } from 'react';
import type { AuditEntry } from '../../../../shared/contract/audit';
import type { AuditGroup } from '../../../../shared/audit-actions';
import { formatDateTime } from '../../../../shared/dates';
import { TabbedList, type ListTab } from '../../../components/admin-list/tabbed-list';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLocale, useT } from '../../../lib/i18n';
import type { WebMessageId } from '../../../../shared/i18n/message-ids.gen';
import { toast } from '../../../stores/toast-store';
import { checkAudit, exportAuditCsv, listAudit, type AuditListFilters } from '../api/admin-api';
import '../admin.css';

const TAB_LABELS: Record<AuditGroup | 'all', WebMessageId> = {
  all: 'admin.audit.tab.all',
  money: 'admin.audit.tab.money',
  people: 'admin.audit.tab.people',
  causes: 'admin.audit.tab.causes',
};

const TAB_TITLES: Record<AuditGroup | 'all', WebMessageId> = {
  all: 'admin.audit.list.all',
  money: 'admin.audit.list.money',
  people: 'admin.audit.list.people',
  causes: 'admin.audit.list.causes',
};

const TABS: ListTab<AuditGroup | 'all'>[] = (['all', 'money', 'people', 'causes'] as const).map((status) => ({
  status,
  label: TAB_LABELS[status],
  title: TAB_TITLES[status],
  empty: 'admin.audit.empty',
}));

const show = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value, null, 1));

function Entry({ e }: { e: AuditEntry }) {
  const t = useT();
  const locale = useLocale();
  return (
    <li className="flagged-item">
      <div className="flagged-item__top">
        <strong>{e.action}</strong>
        <time dateTime={e.at}>{formatDateTime(e.at, locale)}</time>
      </div>
      <p className="mail-meta">
        {t('admin.audit.line', {
          seq: e.seq,
          actor: e.actor ? `${e.actor.name || e.actor.email} (${e.actor.email})` : t('admin.audit.system'),
        })}
        {e.subject ? t('admin.audit.about', { email: e.subject.email }) : ''}
        {t('admin.audit.from', { ip: e.ip || '—', device: e.device })}
        {e.cause_id ? t('admin.audit.causeRef', { id: e.cause_id }) : ''}
      </p>
      <dl className="audit-entry__values">
        <dt>{t('admin.audit.before')}</dt>
        <dd>{show(e.before)}</dd>
        <dt>{t('admin.audit.after')}</dt>
        <dd>{show(e.after)}</dd>
      </dl>
    </li>
  );
}

/** /adminaudit: the audit trail by kind of action, narrowed to a person or a cause, as CSV, and its chain checked. */
export function AuditTrailPage() {
  const t = useT();
  useDocumentTitle(t('admin.audit.title'));
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
      setVerdict(result.ok ? t('admin.audit.intact', { rows: result.rows }) : t('admin.audit.broken', { count: result.problems.length }));
    } catch (error) {
      setVerdict(errorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="admin-page">
      <h1>{t('admin.audit.title')}</h1>
      <p className="lead">{t('admin.audit.intro')}</p>
      <form className="audit-filters" onSubmit={onApply}>
        <div className="field">
          <label htmlFor={`${id}-person`}>{t('admin.audit.person')}</label>
          <input id={`${id}-person`} maxLength={254} value={person} onChange={(e) => setPerson(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-cause`}>{t('admin.audit.cause')}</label>
          <input id={`${id}-cause`} maxLength={100} value={cause} onChange={(e) => setCause(e.target.value)} />
        </div>
        <button type="submit" className="button button--secondary">
          {t('admin.audit.apply')}
        </button>
        <button type="button" className="button button--secondary" disabled={busy !== null} onClick={() => void download()}>
          {busy === 'csv' ? t('admin.audit.downloading') : t('admin.audit.download')}
        </button>
        <button type="button" className="button button--secondary" disabled={busy !== null} onClick={() => void check()}>
          {busy === 'check' ? t('admin.audit.checking') : t('admin.audit.check')}
        </button>
      </form>
      {verdict ? <p role="status">{verdict}</p> : null}
      <TabbedList
        tabs={TABS}
        idPrefix="audit"
        label={t('admin.audit.tabsLabel')}
        loadingLabel={t('admin.audit.loading')}
        failedText={t('admin.audit.failed')}
        pagesLabel={t('admin.audit.pages')}
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
