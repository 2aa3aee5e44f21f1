import { formatDateTimeUtc, formatDollars, type VoidedPayment } from '~/lib/admin'

const VOID_LABEL = { refunded: 'Refunded', disputed: 'Disputed' } as const

/** Payments Stripe reported refunded or disputed: no longer credits; a registration they paid for stays. */
export function VoidedPayments({ payments }: { payments: VoidedPayment[] }) {
  return (
    <section aria-labelledby="voided-payments-heading">
      <h2 id="voided-payments-heading" className="text-lg font-semibold text-slate-900">
        Refunded and Disputed Payments
      </h2>
      <p className="mt-1 text-xs text-slate-500">
        These payments no longer pay for a registration. A registration they already paid for stays
        on the blockchain: the record is permanent.
      </p>
      {payments.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No refunded or disputed payments.</p>
      ) : (
        <div className="mt-3 overflow-x-auto rounded-xl border border-slate-200">
          <table
            className="min-w-full divide-y divide-slate-200 text-sm"
            data-testid="voided-payments"
          >
            <thead className="bg-slate-50 text-left text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">
                  Status
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Since
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Amount
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  User Email
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Bought For
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Registration Paid
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {payments.map((payment) => (
                <tr key={payment.id}>
                  <td className="px-4 py-2 font-semibold text-red-800">
                    {VOID_LABEL[payment.status]}
                  </td>
                  <td className="px-4 py-2 text-slate-600">
                    <time dateTime={payment.voidedAt}>{formatDateTimeUtc(payment.voidedAt)}</time>
                  </td>
                  <td className="px-4 py-2 text-slate-800">{formatDollars(payment.amount)}</td>
                  <td className="px-4 py-2 text-slate-800">{payment.email ?? 'Deleted account'}</td>
                  <td className="px-4 py-2 text-slate-800">
                    {payment.boughtFor ? (
                      <>
                        <bdi>{payment.boughtFor.title}</bdi> ({payment.boughtFor.certificateId})
                      </>
                    ) : (
                      'Deleted song'
                    )}
                  </td>
                  <td className="px-4 py-2 text-slate-800">
                    {payment.spentOn ? (
                      <>
                        {payment.spentOn.status === 'confirmed' ? 'Registered' : 'In progress'}:{' '}
                        <bdi>{payment.spentOn.title}</bdi> ({payment.spentOn.certificateId})
                      </>
                    ) : (
                      'None: the credit was unused'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
