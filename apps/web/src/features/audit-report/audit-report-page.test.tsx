import type { Me } from '@brigade/core/schemas/session';
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import type { AuditReport } from './api/get-audit-report';
import { AuditReportView } from './audit-report-page';

const staff: Me = {
  id: 'u-s',
  name: 'Sam Staff',
  email: 'staff@example.com',
  role: 'staff',
  restaurants: [{ id: 'r-ams', name: 'Brigade Amsterdam Centraal' }],
  mustChangePassword: false,
  language: null,
};

/** An audit as GET /api/audits/{id} sends it, with no photos and no actions. */
const plain: AuditReport = {
  id: 'a-1',
  restaurant: { id: 'r-ams', name: 'Brigade Amsterdam Centraal', timeZone: 'Europe/Amsterdam' },
  auditor: { id: 'u-hq', name: 'Hannah Quist' },
  auditedAt: '2026-11-20T09:00:00.000Z',
  status: 'completed',
  finalScore: 58,
  version: 2,
  templateNames: ['Front of house', 'Kitchen hygiene'],
  items: [
    {
      id: 'i1',
      templateName: 'Kitchen hygiene',
      itemText: 'Fridge ≤ 4 °C',
      orderNum: 0,
      mark: 'bad',
      comment: 'At 9 °C',
      photos: [],
      actions: [],
    },
    {
      id: 'i2',
      templateName: 'Kitchen hygiene',
      itemText: 'Floors clean',
      orderNum: 1,
      mark: 'needs_improvement',
      comment: null,
      photos: [],
      actions: [],
    },
    {
      id: 'i3',
      templateName: 'Front of house',
      itemText: 'Greeting',
      orderNum: 2,
      mark: 'excellent',
      comment: null,
      photos: [],
      actions: [],
    },
  ],
  signOff: null,
};

const photo = (id: string) => ({
  id,
  width: 320,
  height: 240,
  thumbUrl: `/api/photos/${id}/thumb`,
  displayUrl: `/api/photos/${id}/display`,
});

describe('the audit report page', () => {
  test('an audit without photos or actions: header, score, every item by template; no actions to list', () => {
    renderWithProviders(<AuditReportView audit={plain} />, { me: staff });
    expect(screen.getByRole('heading', { level: 1, name: 'Brigade Amsterdam Centraal' })).toBeInTheDocument();
    expect(screen.getByText('Hannah Quist')).toBeInTheDocument();
    expect(screen.getByText('Score: 58%').closest('[data-colour]')).toHaveAttribute('data-colour', 'yellow');
    const kitchen = screen.getByRole('region', { name: 'Kitchen hygiene' });
    expect(within(kitchen).getByText('Fridge ≤ 4 °C')).toBeInTheDocument();
    expect(within(kitchen).getByText('Bad')).toBeInTheDocument();
    expect(within(kitchen).getByText('Comment: At 9 °C')).toBeInTheDocument();
    expect(within(kitchen).getByText('Needs improvement')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Front of house' })).getByText('Excellent')).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
    expect(
      within(screen.getByRole('region', { name: 'Corrective actions' })).getByText(
        'No corrective actions for this audit.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', '/api/audits/a-1/report.pdf');
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('download');
  });

  test('photos and corrective actions are shown when the audit carries them', () => {
    const [fridge, floors, greeting] = plain.items as [
      AuditReport['items'][number],
      AuditReport['items'][number],
      AuditReport['items'][number],
    ];
    const audit: AuditReport = {
      ...plain,
      items: [
        {
          ...fridge,
          photos: [photo('p1'), photo('p2')],
          actions: [
            {
              id: 'c1',
              status: 'open',
              dueOn: '2020-01-06',
              overdue: true,
              owners: ['Olivia Owner'],
              resolutionNote: null,
            },
          ],
        },
        {
          ...floors,
          actions: [
            {
              id: 'c2',
              status: 'resolved',
              dueOn: '2099-12-31',
              overdue: false,
              owners: ['Maya Jansen'],
              resolutionNote: 'Cleaned',
            },
          ],
        },
        greeting,
      ],
    };
    renderWithProviders(<AuditReportView audit={audit} />, { me: staff });
    const images = screen.getAllByRole('img', { name: /Fridge ≤ 4 °C/ });
    expect(images.map((image) => image.getAttribute('src'))).toEqual(['/api/photos/p1/thumb', '/api/photos/p2/thumb']);
    const actions = screen.getByRole('region', { name: 'Corrective actions' });
    expect(within(actions).getByText('Overdue')).toBeInTheDocument();
    expect(within(actions).getByText('Open')).toBeInTheDocument();
    expect(within(actions).getByText(/Owners: Olivia Owner/)).toBeInTheDocument();
    expect(within(actions).getByText('Resolved')).toBeInTheDocument();
    expect(within(actions).getByText(/Owners: Maya Jansen/)).toBeInTheDocument();
    expect(within(actions).getByText('Resolution: Cleaned')).toBeInTheDocument();
  });

  test("the date is the restaurant's day, and the sign-off reads as the manager signed it, in the restaurant's time", () => {
    // 23:30 UTC on 20 November is 12:30 on the 21st in Auckland.
    const audit: AuditReport = {
      ...plain,
      restaurant: { ...plain.restaurant, timeZone: 'Pacific/Auckland' },
      auditedAt: '2026-11-20T23:30:00.000Z',
      signOff: { name: 'Sam Manager', signedAt: '2026-11-21T01:32:00.000Z', comment: 'Fridge fixed tonight' },
    };
    renderWithProviders(<AuditReportView audit={audit} />, { me: staff });
    expect(screen.getByText('Date:').parentElement).toHaveTextContent('Date: 21 Nov 2026');
    const signOff = screen.getByRole('region', { name: 'Sign-off' });
    expect(within(signOff).getByText('Signed off by Sam Manager at 14:32')).toBeInTheDocument();
    expect(within(signOff).getByText("Manager's comment: Fridge fixed tonight")).toBeInTheDocument();
  });
});
