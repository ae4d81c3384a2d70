/**
 * Messages of batch payouts from a spreadsheet (issue 11): why a file is
 * refused (batch.file.<code>, see lib/shared/batch/errors.ts), a cell's error
 * (batch.row.*), a manual mapping's error (batch.mapping.*) and the column
 * names (batch.field.*). en must have exactly the keys of pt-BR.
 */
export const batchPtBR = {
  "batch.file.empty": "O arquivo está vazio.",
  "batch.file.tooLarge": "O arquivo tem {foundMb} MB; o limite é {limitMb} MB.",
  "batch.file.binary": "O arquivo não é uma planilha de texto (CSV) nem .xlsx.",
  "batch.file.unsupportedFormat": "Formato não aceito. Salve a planilha como .xlsx ou CSV.",
  "batch.file.unsupportedEncoding": "Codificação não aceita (UTF-16). Salve como CSV UTF-8 ou CSV comum.",
  "batch.file.invalidXlsx": "Não foi possível ler o .xlsx: o arquivo está corrompido ou não é uma planilha do Excel.",
  "batch.file.xlsxTooLarge":
    "O .xlsx descompactado passaria de {limitMb} MB. Remova abas e formatação que não são necessárias.",
  "batch.file.malformedCsv": "Aspas sem fechamento na linha {row}: confira o CSV.",
  "batch.file.headerOnly": "O arquivo tem só o cabeçalho, sem nenhum repasse.",
  "batch.file.tooManyRows": "O arquivo tem {found} linhas; o limite é {limit} por lote.",
  "batch.file.tooManyColumns": "O arquivo tem {found} colunas; o limite é {limit}.",
  "batch.file.cellTooLong": "A célula {column}{row} passa de {limit} caracteres.",
  "batch.file.columnCount": "A linha {row} tem {found} colunas, mas o cabeçalho tem {expected}.",
  "batch.file.formulaHeader":
    "O nome da coluna {column} parece uma fórmula de planilha (começa com =, +, -, @ ou tabulação): renomeie a coluna e envie o arquivo de novo.",

  "batch.row.amountRequired": "Informe o valor.",
  "batch.row.amountAmbiguous": "Valor ambíguo: use 1.234,56 (ou 1234,56) para mil duzentos e trinta e quatro reais.",
  "batch.row.amountNegative": "O valor não pode ser negativo.",
  "batch.row.amountInvalid": "Valor inválido: use por exemplo 1.234,56 ou R$ 10, com no máximo dois decimais.",
  "batch.row.keyRequired": "Informe a chave Pix.",
  "batch.row.keyTypeUnknown": "Tipo de chave desconhecido: use CPF, CNPJ, e-mail, celular ou aleatória.",
  "batch.row.keyTypeUndetected": "Não foi possível reconhecer o tipo desta chave: informe o tipo.",
  "batch.row.keyAmbiguous": "Estes 11 dígitos são um CPF válido e também podem ser um celular: escolha o tipo.",
  "batch.row.keyElevenDigits": "11 dígitos que não formam um CPF válido nem um celular: confira a chave.",
  "batch.row.keyNumericCell":
    "A chave está como número na planilha e pode ter perdido zeros à esquerda: formate a coluna como texto ou informe o tipo.",
  "batch.row.tooLong": "Texto longo demais (máximo de 140 caracteres).",
  "batch.row.invalid": "Valor inválido.",
  "batch.row.formulaEquals":
    "Parece uma fórmula de planilha (começa com '='): digite o valor em vez da fórmula ou deixe a linha de fora.",
  "batch.row.formulaAt":
    "Parece uma fórmula de planilha (começa com '@'): digite o valor em vez da fórmula ou deixe a linha de fora.",
  "batch.row.formulaPlus":
    "Parece uma fórmula de planilha (começa com '+' e não é um número nem um telefone): digite o valor em vez da fórmula ou deixe a linha de fora.",
  "batch.row.formulaMinus":
    "Parece uma fórmula de planilha (começa com '-' e não é um número): digite o valor em vez da fórmula ou deixe a linha de fora.",
  "batch.row.formulaControl":
    "Parece uma fórmula de planilha (começa com uma tabulação ou quebra de linha): apague esse caractere ou deixe a linha de fora.",

  "batch.mapping.invalid": "Mapeamento de colunas inválido.",
  "batch.mapping.outOfRange": "O mapeamento aponta para uma coluna que o arquivo não tem.",
  "batch.mapping.sameColumn": "A mesma coluna foi escolhida para dois campos.",

  "batch.field.amount": "Valor",
  "batch.field.key": "Chave Pix",
  "batch.field.keyType": "Tipo de chave",
  "batch.field.description": "Descrição",
  "batch.field.name": "Nome",
} as const;

export const batchEn = {
  "batch.file.empty": "The file is empty.",
  "batch.file.tooLarge": "The file is {foundMb} MB; the limit is {limitMb} MB.",
  "batch.file.binary": "The file is neither a text spreadsheet (CSV) nor an .xlsx.",
  "batch.file.unsupportedFormat": "Format not accepted. Save the spreadsheet as .xlsx or CSV.",
  "batch.file.unsupportedEncoding": "Encoding not accepted (UTF-16). Save as CSV UTF-8 or plain CSV.",
  "batch.file.invalidXlsx": "The .xlsx could not be read: the file is damaged or not an Excel workbook.",
  "batch.file.xlsxTooLarge":
    "The .xlsx would unpack to more than {limitMb} MB. Remove sheets and formatting you do not need.",
  "batch.file.malformedCsv": "Unclosed quotes on line {row}: check the CSV.",
  "batch.file.headerOnly": "The file has only the header and no payouts.",
  "batch.file.tooManyRows": "The file has {found} rows; the limit is {limit} per batch.",
  "batch.file.tooManyColumns": "The file has {found} columns; the limit is {limit}.",
  "batch.file.cellTooLong": "Cell {column}{row} is longer than {limit} characters.",
  "batch.file.columnCount": "Row {row} has {found} columns, but the header has {expected}.",
  "batch.file.formulaHeader":
    "The name of column {column} looks like a spreadsheet formula (starts with =, +, -, @ or a tab): rename the column and upload the file again.",

  "batch.row.amountRequired": "Enter the amount.",
  "batch.row.amountAmbiguous": "Ambiguous amount: write 1234.56 or 1,234.56 (or the Brazilian 1.234,56).",
  "batch.row.amountNegative": "The amount cannot be negative.",
  "batch.row.amountInvalid": "Invalid amount: write for example 1234.56 or R$ 10, with at most two decimals.",
  "batch.row.keyRequired": "Enter the Pix key.",
  "batch.row.keyTypeUnknown": "Unknown key type: use CPF, CNPJ, email, phone or random.",
  "batch.row.keyTypeUndetected": "The type of this key could not be recognised: enter the type.",
  "batch.row.keyAmbiguous": "These 11 digits are a valid CPF and could also be a mobile number: choose the type.",
  "batch.row.keyElevenDigits": "11 digits that are neither a valid CPF nor a mobile number: check the key.",
  "batch.row.keyNumericCell":
    "The key is stored as a number in the spreadsheet and may have lost leading zeros: format the column as text or enter the type.",
  "batch.row.tooLong": "Text too long (at most 140 characters).",
  "batch.row.invalid": "Invalid value.",
  "batch.row.formulaEquals":
    "Looks like a spreadsheet formula (starts with '='); type the value instead, or leave the row out.",
  "batch.row.formulaAt":
    "Looks like a spreadsheet formula (starts with '@'); type the value instead, or leave the row out.",
  "batch.row.formulaPlus":
    "Looks like a spreadsheet formula (starts with '+' and is not a number or a phone); type the value instead, or leave the row out.",
  "batch.row.formulaMinus":
    "Looks like a spreadsheet formula (starts with '-' and is not a number); type the value instead, or leave the row out.",
  "batch.row.formulaControl":
    "Looks like a spreadsheet formula (starts with a tab or a line break); delete that character, or leave the row out.",

  "batch.mapping.invalid": "Invalid column mapping.",
  "batch.mapping.outOfRange": "The mapping points to a column the file does not have.",
  "batch.mapping.sameColumn": "The same column was chosen for two fields.",

  "batch.field.amount": "Amount",
  "batch.field.key": "Pix key",
  "batch.field.keyType": "Key type",
  "batch.field.description": "Description",
  "batch.field.name": "Name",
} as const satisfies Record<keyof typeof batchPtBR, string>;
