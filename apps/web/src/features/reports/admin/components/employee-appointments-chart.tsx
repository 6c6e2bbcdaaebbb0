import { APPOINTMENT_STATUS, type ReportSummary } from '@petshop/domain';
import { useMemo } from 'react';
import { chartLabel, formatCount } from '../report-format';
import type { DashboardChartConfig } from './chart-canvas';
import { ChartCard } from './chart-card';
import { APPOINTMENT_STATUS_COLOURS } from './chart-colors';

type Employees = ReportSummary['appointmentsByEmployee'];

const STATUSES = Object.values(APPOINTMENT_STATUS);

const config = (employees: Employees): DashboardChartConfig => ({
  type: 'bar',
  data: {
    labels: employees.map((employee) => chartLabel(employee.name)),
    datasets: STATUSES.map((status) => ({
      label: status,
      data: employees.map((employee) => employee.byStatus.find((row) => row.status === status)?.count ?? 0),
      backgroundColor: APPOINTMENT_STATUS_COLOURS[status],
    })),
  },
  options: {
    indexAxis: 'y',
    plugins: {
      legend: { position: 'bottom', labels: { boxWidth: 12 } },
      tooltip: { callbacks: { title: (items) => employees[items[0]?.dataIndex ?? 0]?.name ?? '' } },
    },
    scales: { x: { stacked: true, beginAtZero: true, ticks: { precision: 0 } }, y: { stacked: true } },
  },
});

/** Appointments on the period's days per employee, split by status. */
export function EmployeeAppointmentsChart({ employees }: { employees: Employees }) {
  const chart = useMemo(() => config(employees), [employees]);
  const total = employees.reduce((sum, employee) => sum + employee.total, 0);
  return (
    <ChartCard
      title="Agendamentos por funcionário"
      titleId="dashboard-appointments"
      empty={total === 0 ? 'Nenhum agendamento no período.' : null}
      config={chart}
      label="Gráfico de barras empilhadas dos agendamentos de cada funcionário por situação; os valores estão na tabela a seguir."
      height={Math.max(200, employees.length * 40 + 96)}
      table={
        <table>
          <caption>Agendamentos por funcionário</caption>
          <thead>
            <tr>
              <th scope="col">Funcionário</th>
              <th scope="col">Total</th>
              {STATUSES.map((status) => (
                <th key={status} scope="col">
                  {status}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {employees.map((employee) => (
              <tr key={employee.employeeId}>
                <th scope="row">{employee.name}</th>
                <td>{formatCount(employee.total)}</td>
                {employee.byStatus.map((row) => (
                  <td key={row.status}>{formatCount(row.count)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}
