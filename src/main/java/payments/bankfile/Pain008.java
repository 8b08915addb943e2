package payments.bankfile;

import com.prowidesoftware.swift.model.mx.MxPain00800108;
import com.prowidesoftware.swift.model.mx.MxWriteConfiguration;
import com.prowidesoftware.swift.model.mx.dic.AccountIdentification4Choice;
import com.prowidesoftware.swift.model.mx.dic.ActiveOrHistoricCurrencyAndAmount;
import com.prowidesoftware.swift.model.mx.dic.BranchAndFinancialInstitutionIdentification6;
import com.prowidesoftware.swift.model.mx.dic.CashAccount38;
import com.prowidesoftware.swift.model.mx.dic.ChargeBearerType1Code;
import com.prowidesoftware.swift.model.mx.dic.CustomerDirectDebitInitiationV08;
import com.prowidesoftware.swift.model.mx.dic.DirectDebitTransaction10;
import com.prowidesoftware.swift.model.mx.dic.DirectDebitTransactionInformation23;
import com.prowidesoftware.swift.model.mx.dic.FinancialInstitutionIdentification18;
import com.prowidesoftware.swift.model.mx.dic.GenericFinancialIdentification1;
import com.prowidesoftware.swift.model.mx.dic.GenericPersonIdentification1;
import com.prowidesoftware.swift.model.mx.dic.GroupHeader83;
import com.prowidesoftware.swift.model.mx.dic.LocalInstrument2Choice;
import com.prowidesoftware.swift.model.mx.dic.MandateRelatedInformation14;
import com.prowidesoftware.swift.model.mx.dic.Party38Choice;
import com.prowidesoftware.swift.model.mx.dic.PartyIdentification135;
import com.prowidesoftware.swift.model.mx.dic.PaymentIdentification6;
import com.prowidesoftware.swift.model.mx.dic.PaymentInstruction29;
import com.prowidesoftware.swift.model.mx.dic.PaymentMethod2Code;
import com.prowidesoftware.swift.model.mx.dic.PaymentTypeInformation29;
import com.prowidesoftware.swift.model.mx.dic.PersonIdentification13;
import com.prowidesoftware.swift.model.mx.dic.PersonIdentificationSchemeName1Choice;
import com.prowidesoftware.swift.model.mx.dic.SequenceType3Code;
import com.prowidesoftware.swift.model.mx.dic.ServiceLevel8Choice;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * A batch of pulls as a pain.008.001.08 customer direct debit initiation under the SEPA Core
 * scheme: the platform's account at the bank is the creditor (named by its SEPA creditor
 * identifier), one payment information block per sequence type (FRST, RCUR), all due on the
 * batch's collection date, one collection per pull identified by its end-to-end id and carrying
 * its mandate. Pure: the same batch gives the same file.
 */
public final class Pain008 {

    /** The platform as creditor: its account at the bank, and the identifier SEPA knows it by. */
    public record Creditor(String name, String iban, String bic, String creditorId) {
    }

    /** One pull: from the debtor's IBAN, under the mandate they signed, as the mandate's first collection (FRST) or a later one (RCUR). */
    public record Collection(String endToEndId, long amount, String currency, String debtorName, String iban, String bic,
                             String mandateId, LocalDate mandateSignedOn, String sequenceType, String remittance) {
    }

    public record Batch(String messageId, Instant createdAt, LocalDate collectionDate, Creditor creditor, List<Collection> collections) {
    }

    private Pain008() {
    }

    /** The payment information id of the batch's block of {@code sequenceType}: unique across files, at most 35 characters. */
    static String paymentInformationId(String messageId, String sequenceType) {
        return Pain001.blockId(messageId, sequenceType);
    }

    public static String write(Batch batch) {
        List<Collection> collections = batch.collections();
        if (batch.messageId().length() > Pain001.MAX_ID || collections.stream().anyMatch(c -> c.endToEndId().length() > Pain001.MAX_ID)) {
            throw new IllegalArgumentException("ISO 20022 ids are at most " + Pain001.MAX_ID + " characters");
        }
        CustomerDirectDebitInitiationV08 initiation = new CustomerDirectDebitInitiationV08();
        initiation.setGrpHdr(new GroupHeader83()
                .setMsgId(batch.messageId())
                .setCreDtTm(batch.createdAt().atOffset(ZoneOffset.UTC).withNano(0))
                .setNbOfTxs(Integer.toString(collections.size()))
                .setCtrlSum(sum(collections))
                .setInitgPty(new PartyIdentification135().setNm(text(batch.creditor().name()))));
        Map<String, List<Collection>> bySequence = collections.stream()
                .collect(Collectors.groupingBy(Collection::sequenceType, TreeMap::new, Collectors.toList()));
        bySequence.forEach((sequence, inSequence) -> initiation.getPmtInf().add(instruction(batch, sequence, inSequence)));
        MxWriteConfiguration format = new MxWriteConfiguration();
        format.documentPrefix = null;
        return new MxPain00800108().setCstmrDrctDbtInitn(initiation).message(format);
    }

    private static PaymentInstruction29 instruction(Batch batch, String sequenceType, List<Collection> collections) {
        Creditor creditor = batch.creditor();
        PaymentTypeInformation29 type = new PaymentTypeInformation29()
                .setLclInstrm(new LocalInstrument2Choice().setCd("CORE"))
                .setSeqTp(SequenceType3Code.valueOf(sequenceType));
        type.getSvcLvl().add(new ServiceLevel8Choice().setCd("SEPA"));
        PaymentInstruction29 instruction = new PaymentInstruction29()
                .setPmtInfId(paymentInformationId(batch.messageId(), sequenceType))
                .setPmtMtd(PaymentMethod2Code.DD)
                // One booking per collection, so that each comes back in the notifications with its own end-to-end id.
                .setBtchBookg(false)
                .setNbOfTxs(Integer.toString(collections.size()))
                .setCtrlSum(sum(collections))
                .setPmtTpInf(type)
                .setReqdColltnDt(batch.collectionDate())
                .setCdtr(new PartyIdentification135().setNm(text(creditor.name())))
                .setCdtrAcct(new CashAccount38().setId(new AccountIdentification4Choice().setIBAN(creditor.iban())))
                .setCdtrAgt(agent(creditor.bic()))
                .setChrgBr(ChargeBearerType1Code.SLEV)
                .setCdtrSchmeId(schemeId(creditor.creditorId()));
        collections.forEach(collection -> instruction.getDrctDbtTxInf().add(collection(collection)));
        return instruction;
    }

    private static DirectDebitTransactionInformation23 collection(Collection collection) {
        DirectDebitTransactionInformation23 debit = new DirectDebitTransactionInformation23()
                .setPmtId(new PaymentIdentification6().setEndToEndId(collection.endToEndId()))
                .setInstdAmt(new ActiveOrHistoricCurrencyAndAmount().setValue(decimal(collection)).setCcy(collection.currency()))
                .setDrctDbtTx(new DirectDebitTransaction10().setMndtRltdInf(new MandateRelatedInformation14()
                        .setMndtId(collection.mandateId()).setDtOfSgntr(collection.mandateSignedOn())))
                .setDbtrAgt(agent(collection.bic()))
                .setDbtr(new PartyIdentification135().setNm(text(collection.debtorName())))
                .setDbtrAcct(new CashAccount38().setId(new AccountIdentification4Choice().setIBAN(collection.iban())));
        return debit.setRmtInf(Pain001.remittance(collection.remittance()));
    }

    /** The creditor identifier as SEPA names it: a private identification in the scheme "SEPA". */
    private static PartyIdentification135 schemeId(String creditorId) {
        PersonIdentification13 person = new PersonIdentification13();
        person.getOthr().add(new GenericPersonIdentification1().setId(creditorId)
                .setSchmeNm(new PersonIdentificationSchemeName1Choice().setPrtry("SEPA")));
        return new PartyIdentification135().setId(new Party38Choice().setPrvtId(person));
    }

    /** A bank by its BIC; SEPA takes an IBAN alone, its bank then "NOTPROVIDED". */
    private static BranchAndFinancialInstitutionIdentification6 agent(String bic) {
        FinancialInstitutionIdentification18 institution = bic != null ? new FinancialInstitutionIdentification18().setBICFI(bic)
                : new FinancialInstitutionIdentification18().setOthr(new GenericFinancialIdentification1().setId("NOTPROVIDED"));
        return new BranchAndFinancialInstitutionIdentification6().setFinInstnId(institution);
    }

    private static String text(String name) {
        return Pain001.text(name);
    }

    private static BigDecimal sum(List<Collection> collections) {
        return collections.stream().map(Pain008::decimal).reduce(BigDecimal.ZERO, BigDecimal::add);
    }

    static BigDecimal decimal(Collection collection) {
        return Pain001.decimal(collection.amount(), collection.currency());
    }
}
