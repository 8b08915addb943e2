package payments.bankfile;

import com.prowidesoftware.swift.model.mx.MxPain00100109;
import com.prowidesoftware.swift.model.mx.MxWriteConfiguration;
import com.prowidesoftware.swift.model.mx.dic.AccountIdentification4Choice;
import com.prowidesoftware.swift.model.mx.dic.ActiveOrHistoricCurrencyAndAmount;
import com.prowidesoftware.swift.model.mx.dic.AmountType4Choice;
import com.prowidesoftware.swift.model.mx.dic.BranchAndFinancialInstitutionIdentification6;
import com.prowidesoftware.swift.model.mx.dic.CashAccount38;
import com.prowidesoftware.swift.model.mx.dic.ClearingSystemIdentification2Choice;
import com.prowidesoftware.swift.model.mx.dic.ClearingSystemMemberIdentification2;
import com.prowidesoftware.swift.model.mx.dic.CreditTransferTransaction34;
import com.prowidesoftware.swift.model.mx.dic.CustomerCreditTransferInitiationV09;
import com.prowidesoftware.swift.model.mx.dic.DateAndDateTime2Choice;
import com.prowidesoftware.swift.model.mx.dic.FinancialInstitutionIdentification18;
import com.prowidesoftware.swift.model.mx.dic.GenericAccountIdentification1;
import com.prowidesoftware.swift.model.mx.dic.GroupHeader85;
import com.prowidesoftware.swift.model.mx.dic.PartyIdentification135;
import com.prowidesoftware.swift.model.mx.dic.PaymentIdentification6;
import com.prowidesoftware.swift.model.mx.dic.PaymentInstruction30;
import com.prowidesoftware.swift.model.mx.dic.PaymentMethod3Code;
import com.prowidesoftware.swift.model.mx.dic.RemittanceInformation16;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Currency;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * A batch of payouts as a pain.001.001.09 customer credit transfer initiation: one payment
 * information block per currency, debiting the platform's account at the bank, one credit transfer
 * per payout identified by its end-to-end id (the bank's status reports and notifications quote it
 * back), each booked on its own. Pure: the same batch gives the same file.
 */
public final class Pain001 {

    /** The platform's own account at the bank, the debtor of every payout. */
    public record Debtor(String name, String iban, String accountNumber, String bic) {
    }

    /**
     * One payout: amount in minor units of {@code currency}; the payee's account as an IBAN or an
     * account number, its bank as a BIC or a national clearing code (a US routing number).
     */
    public record Payout(String endToEndId, long amount, String currency, String creditorName, String iban,
                         String accountNumber, String bic, String clearingCode, String remittance) {
    }

    public record Batch(String messageId, Instant createdAt, Debtor debtor, List<Payout> payouts) {
    }

    /** ISO 20022's Max35Text: message, payment information and end-to-end ids. */
    static final int MAX_ID = 35;
    /** ISO 20022's Max140Text: names and unstructured remittance lines. */
    static final int MAX_TEXT = 140;

    private Pain001() {
    }

    /** The payment information id of the batch's block in {@code currency}: unique across files, at most 35 characters. */
    static String paymentInformationId(String messageId, String currency) {
        return blockId(messageId, currency);
    }

    /** A block's id: the end of the file's message id, a dash and what tells the file's blocks apart, at most 35 characters. */
    static String blockId(String messageId, String suffix) {
        return messageId.substring(Math.max(0, messageId.length() - (MAX_ID - 1 - suffix.length()))) + "-" + suffix;
    }

    public static String write(Batch batch) {
        List<Payout> payouts = batch.payouts();
        if (batch.messageId().length() > MAX_ID || payouts.stream().anyMatch(payout -> payout.endToEndId().length() > MAX_ID)) {
            throw new IllegalArgumentException("ISO 20022 ids are at most " + MAX_ID + " characters");
        }
        CustomerCreditTransferInitiationV09 initiation = new CustomerCreditTransferInitiationV09();
        initiation.setGrpHdr(new GroupHeader85()
                .setMsgId(batch.messageId())
                .setCreDtTm(batch.createdAt().atOffset(ZoneOffset.UTC).withNano(0))
                .setNbOfTxs(Integer.toString(payouts.size()))
                .setCtrlSum(payouts.stream().map(Pain001::decimal).reduce(BigDecimal.ZERO, BigDecimal::add))
                .setInitgPty(new PartyIdentification135().setNm(text(batch.debtor().name()))));
        Map<String, List<Payout>> byCurrency = payouts.stream()
                .collect(Collectors.groupingBy(Payout::currency, TreeMap::new, Collectors.toList()));
        byCurrency.forEach((currency, inCurrency) -> initiation.getPmtInf().add(instruction(batch, currency, inCurrency)));
        MxWriteConfiguration format = new MxWriteConfiguration();
        format.documentPrefix = null; // the namespace as the default one, as bank examples write it
        return new MxPain00100109().setCstmrCdtTrfInitn(initiation).message(format);
    }

    private static PaymentInstruction30 instruction(Batch batch, String currency, List<Payout> payouts) {
        Debtor debtor = batch.debtor();
        PaymentInstruction30 instruction = new PaymentInstruction30()
                .setPmtInfId(paymentInformationId(batch.messageId(), currency))
                .setPmtMtd(PaymentMethod3Code.TRF)
                // One booking per payout, so that each comes back in the notifications with its own reference.
                .setBtchBookg(false)
                .setNbOfTxs(Integer.toString(payouts.size()))
                .setCtrlSum(payouts.stream().map(Pain001::decimal).reduce(BigDecimal.ZERO, BigDecimal::add))
                .setReqdExctnDt(new DateAndDateTime2Choice().setDt(batch.createdAt().atOffset(ZoneOffset.UTC).toLocalDate()))
                .setDbtr(new PartyIdentification135().setNm(text(debtor.name())))
                .setDbtrAcct(account(debtor.iban(), debtor.accountNumber()))
                .setDbtrAgt(agent(debtor.bic(), null, null));
        payouts.forEach(payout -> instruction.getCdtTrfTxInf().add(transfer(payout)));
        return instruction;
    }

    private static CreditTransferTransaction34 transfer(Payout payout) {
        CreditTransferTransaction34 transfer = new CreditTransferTransaction34()
                .setPmtId(new PaymentIdentification6().setEndToEndId(payout.endToEndId()))
                .setAmt(new AmountType4Choice().setInstdAmt(new ActiveOrHistoricCurrencyAndAmount()
                        .setValue(decimal(payout)).setCcy(payout.currency())))
                .setCdtr(new PartyIdentification135().setNm(text(payout.creditorName())))
                .setCdtrAcct(account(payout.iban(), payout.accountNumber()));
        if (payout.bic() != null || payout.clearingCode() != null) {
            transfer.setCdtrAgt(agent(payout.bic(), payout.clearingCode(), payout.currency()));
        }
        transfer.setRmtInf(remittance(payout.remittance()));
        return transfer;
    }

    /** The payer's remittance text as one unstructured line (see {@link BankText}); null when there is none. */
    static RemittanceInformation16 remittance(String text) {
        String line = BankText.latin(text, MAX_TEXT, null);
        if (line == null) {
            return null;
        }
        RemittanceInformation16 remittance = new RemittanceInformation16();
        remittance.getUstrd().add(line);
        return remittance;
    }

    /** A name as the file carries it (see {@link BankText}); one with nothing left is written as a full stop. */
    static String text(String name) {
        return BankText.latin(name, MAX_TEXT, ".");
    }

    private static CashAccount38 account(String iban, String accountNumber) {
        AccountIdentification4Choice id = iban != null ? new AccountIdentification4Choice().setIBAN(iban)
                : new AccountIdentification4Choice().setOthr(new GenericAccountIdentification1().setId(accountNumber));
        return new CashAccount38().setId(id);
    }

    private static BranchAndFinancialInstitutionIdentification6 agent(String bic, String clearingCode, String currency) {
        FinancialInstitutionIdentification18 institution = new FinancialInstitutionIdentification18().setBICFI(bic);
        if (clearingCode != null) {
            ClearingSystemMemberIdentification2 member = new ClearingSystemMemberIdentification2().setMmbId(clearingCode.replaceAll("[^0-9A-Za-z]", ""));
            clearingSystem(currency).ifPresent(code -> member.setClrSysId(new ClearingSystemIdentification2Choice().setCd(code)));
            institution.setClrSysMmbId(member);
        }
        return new BranchAndFinancialInstitutionIdentification6().setFinInstnId(institution);
    }

    /** The clearing system of a national bank code paid in this currency: US routing numbers, UK sort codes. */
    static Optional<String> clearingSystem(String currency) {
        return switch (currency == null ? "" : currency) {
            case "USD" -> Optional.of("USABA");
            case "GBP" -> Optional.of("GBDSC");
            default -> Optional.empty();
        };
    }

    /** Minor units as the file's decimal amount, with the currency's own number of decimals. */
    static BigDecimal decimal(Payout payout) {
        return decimal(payout.amount(), payout.currency());
    }

    static BigDecimal decimal(long minorUnits, String currency) {
        return BigDecimal.valueOf(minorUnits, Currency.getInstance(currency).getDefaultFractionDigits());
    }
}
